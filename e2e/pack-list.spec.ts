import { expect, test, type Page } from "@playwright/test";
import { auditPage, expectNoAxeViolations } from "./a11y";
import { rgbPng } from "../tests/support/png";
import { setClock, wallTime } from "./clock";
import {
  createProductByApi,
  inviteFarmByApi,
  newAccount,
  openSaturdayStall,
  orderByApi,
  registerFresh,
  secondContext,
  SEEDED_FARMERS,
  signIn,
  signInSeeded,
  STAFF,
  topUpByApi,
} from "./support";

/**
 * A farmer's morning (docs/fulfilment.md, "Pack list"): the pack list opens on the next day with
 * orders, lines and orders are ticked off on the server, "Handed over" waits for the pickup and is
 * then confirmed and can be undone from the toast; the products list's − / + change stock in one
 * tap each. The packing runs at fixed instants on both clocks (e2e/clock.ts), each with a farm of
 * its own that sells at a Saturday market from 08:00, orders closing 40 hours before (Thursday
 * 16:00), so whatever day and hour the suite runs the same days are expected.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });

/** When the farmer packs (America/Vancouver wall clock) and the market day the orders go to. */
const INSTANTS = [
  { when: "on a weekday afternoon", at: "2026-12-01T13:45", packDay: "2026-12-05" },
  { when: "on a Saturday morning", at: "2026-12-05T08:30", packDay: "2026-12-12" },
  { when: "the hour after the cutoff", at: "2026-12-03T17:00", packDay: "2026-12-12" },
];

for (const { when, at, packDay } of INSTANTS) {
  test(`a farmer packs the next day's orders ${when}: tick-offs stay, Handed over is confirmed and undone`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const origin = baseURL!;
    // The farmer (this page) runs a new farm; the buyer and staff have browsers of their own.
    const [staff, shopper] = await Promise.all([
      secondContext(browser, testInfo),
      secondContext(browser, testInfo),
    ]);
    await setClock(page, wallTime(at), origin);
    await setClock(shopper.page, wallTime(at), origin);
    await signIn(staff.page, STAFF.email, STAFF.password);
    const farmName = `Packing Shed ${testInfo.project.name} ${newAccount("pack").username}`;
    const farmId = await inviteFarmByApi(staff.page, page, farmName);
    await openSaturdayStall(page);
    const a = { name: "Purple Kohlrabi", id: await createProductByApi(page, "Purple Kohlrabi", 3) };
    const b = { name: "Delicata Squash", id: await createProductByApi(page, "Delicata Squash", 4) };

    // Two orders from a fresh buyer at the farm's soonest pickup.
    const buyer = await registerFresh(shopper.page, "pack");
    await topUpByApi(shopper.page, 200);
    const first = (
      await orderByApi(shopper.page, farmId, [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 1 },
      ])
    ).orders[0].id;
    const second = (await orderByApi(shopper.page, farmId, [{ productId: a.id, quantity: 1 }]))
      .orders[0].id;

    // The farmer lands on My Farm (tap 1); tap 2: the Pack tab on the phone, Pack list on the
    // rail. The list opens on the next day with orders, no date to type.
    await page.goto("/my-farm");
    if (isMobile(page)) {
      await page.getByTestId("tab-bar").getByRole("link", { name: "Pack" }).click();
    } else {
      await page.goto("/my-farm/pack-list");
    }
    await expect(page).toHaveURL(/\/my-farm\/pack-list$/);
    await expect(page.getByRole("button", { name: "Show" })).toHaveCount(0);
    const day = page.getByLabel("Day", { exact: true });
    await expect(day).toHaveJSProperty("tagName", "SELECT");
    await expect(day).toHaveValue(packDay);
    const card = (id: number) => page.getByTestId("pack-order").filter({ hasText: `#${id} ·` });
    await expect(card(first)).toContainText(buyer.fullName);
    await expect(card(second)).toBeVisible();
    await auditPage(page, "/my-farm/pack-list");

    // Tap 3: one line of the first order; tap 4: the whole second order.
    await card(first)
      .getByLabel(new RegExp(`1 × ${escape(a.name)}`))
      .check();
    await card(second).getByLabel(`All packed for order #${second}`).check();
    await expect(card(second).getByLabel(new RegExp(`1 × ${escape(a.name)}`))).toBeChecked();
    // Wait for the server to have both before reloading.
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/my-farm/pack-list?date=${packDay}`);
        const list = (await res.json()) as { orders: { id: number; packed: number[] }[] };
        return list.orders.map((o) => [o.id, o.packed]);
      })
      .toEqual([
        [first, [a.id]],
        [second, [a.id]],
      ]);
    await page.reload();
    await expect(card(first).getByLabel(new RegExp(`1 × ${escape(a.name)}`))).toBeChecked();
    await expect(card(first).getByLabel(new RegExp(`1 × ${escape(b.name)}`))).not.toBeChecked();
    await expect(card(second).getByLabel(`All packed for order #${second}`)).toBeChecked();

    // Before the market opens "Handed over" waits, and the server refuses it too.
    const handOver = card(second).getByRole("button", { name: `Handed over order #${second}` });
    await expect(handOver).toBeDisabled();
    await expect(card(second)).toContainText("when its pickup starts.");
    const early = await page.request.post(`/api/my-farm/orders/${second}/complete`);
    expect(early.status(), await early.text()).toBe(409);

    // Market morning: both clocks at 08:05 on the day; the list opens on today.
    await setClock(page, wallTime(`${packDay}T08:05`), origin);
    await page.goto("/my-farm/pack-list");
    await expect(day).toHaveValue(packDay);

    // Tap 5: Handed over; tap 6: confirm in the dialog.
    await handOver.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Hand over order #${second} to ${buyer.fullName}?`);
    await expectNoAxeViolations(page, "Handed over dialog");
    await dialog.getByRole("button", { name: "Handed over" }).click();
    await expect(toast(page, "Handed over")).toBeVisible();
    const handed = page.getByTestId("handed-over");
    await expect(handed).toContainText(`#${second} · ${buyer.fullName}`);
    await expect(card(second)).toHaveCount(0);
    await auditPage(page, "/my-farm/pack-list with a handed-over order");

    // Tap 7: Undo in the toast puts it back on the list, its ticks kept.
    await toast(page, "Handed over").getByRole("button", { name: "Undo" }).click();
    await expect(toast(page, "Handover undone")).toBeVisible();
    await expect(card(second)).toBeVisible();
    await expect(card(second).getByLabel(`All packed for order #${second}`)).toBeChecked();
    await expect(page.getByTestId("handed-over")).toHaveCount(0);

    // Handed over again (the toast swiped away first): it stays in the day's handed-over list
    // after a reload.
    await toast(page, "Handover undone").getByRole("button", { name: "Close" }).click();
    await handOver.click();
    await page.getByRole("dialog").getByRole("button", { name: "Handed over" }).click();
    await expect(toast(page, "Handed over")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("handed-over")).toContainText(`#${second} · ${buyer.fullName}`);
    const orders = (await (await page.request.get("/api/my-farm/orders?limit=50")).json()) as {
      id: number;
    }[];
    expect(orders.map((o) => o.id)).toEqual([first]);
    await Promise.all([staff.context.close(), shopper.context.close()]);
  });
}

test("a farmer changes stock with one tap on + or −, kept on the server", async ({
  page,
}, testInfo) => {
  const farmer = testInfo.project.name === "desktop" ? SEEDED_FARMERS.priya : SEEDED_FARMERS.marcus;
  await signInSeeded(page, farmer);
  const mine = (await (await page.request.get("/api/my-farm/products")).json()) as {
    id: number;
    name: string;
    isHidden: boolean;
    stock: number;
  }[];
  const a = mine.find((p) => !p.isHidden && p.stock > 5)!;
  expect(a, "a product in stock").toBeTruthy();
  await page.goto("/my-farm/products");
  const row = page.getByTestId("my-product").filter({ hasText: a.name }).first();
  const count = row.getByTestId("stock-count");
  const before = Number((await count.textContent())!.split(" ")[0]);
  const saved = () => page.waitForResponse((r) => r.url().endsWith(`/products/${a.id}/stock`));
  await Promise.all([
    saved(),
    row.getByRole("button", { name: new RegExp(`more of ${escape(a.name)}$`) }).click(),
  ]);
  await expect(count).toHaveText(`${before + 1} in stock`);
  await page.reload();
  await expect(count).toHaveText(`${before + 1} in stock`);
  await Promise.all([
    saved(),
    row.getByRole("button", { name: new RegExp(`less of ${escape(a.name)}$`) }).click(),
  ]);
  await expect(count).toHaveText(`${before} in stock`);
  await page.reload();
  await expect(count).toHaveText(`${before} in stock`);
  await auditPage(page, "/my-farm/products");
});

/** A camera-sized PNG (2400×1800, 13 MB): a photo a phone would refuse to upload today. */
function bigPhoto(): Buffer {
  const [w, h] = [2400, 1800];
  // Stored, not compressed: as large as a camera's file, though the picture is a plain gradient.
  return rgbPng(w, h, (x, y) => [(x * 255) / w, (y * 255) / h, 120], { level: 0 });
}

test("Add product takes a phone photo over 2 MB: downscaled in the browser, saved with the product", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const photo = bigPhoto();
  expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
  const name = `Photo Squash ${testInfo.project.name} ${Date.now().toString(36)}`;
  // A farm of the test's own: the photos it replaces and removes are deleted at once, and a
  // seeded farm's public page, open in another test, would ask for a file that is gone.
  const staff = await secondContext(browser, testInfo);
  await signIn(staff.page, STAFF.email, STAFF.password);
  await inviteFarmByApi(staff.page, page, `Photo Farm ${newAccount("photo").username}`);
  await staff.context.close();
  await page.goto("/my-farm/products/new");
  await page.getByLabel("Product name").fill(name);
  await page.getByLabel("Price (USD)").fill("4.50");
  await page.getByLabel("Unit").fill("each");
  await page.getByLabel("Stock").fill("8");
  await page.getByLabel("Photo (optional)").setInputFiles({
    name: "IMG_0001.png",
    mimeType: "image/png",
    buffer: photo,
  });
  await expect(page.locator("#product-photo-error")).toHaveCount(0);
  await auditPage(page, "/my-farm/products/new with a photo");
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(toast(page, "Product added")).toContainText(`${name} is now listed`);
  await expect(page).toHaveURL(/\/my-farm\/products$/);
  const img = page.getByTestId("my-product").filter({ hasText: name }).locator("img");
  await expect(img).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}\.jpe?g$/);
  const first = (await img.getAttribute("src"))!;
  const served = await page.request.get(first);
  expect(served.status()).toBe(200);
  expect((await served.body()).length).toBeLessThan(2 * 1024 * 1024);

  // The edit form changes the photo, then removes it; the old file is gone each time.
  const listed = (await (await page.request.get("/api/my-farm/products")).json()) as {
    id: number;
    name: string;
  }[];
  const { id } = listed.find((p) => p.name === name)!;
  await page.goto(`/my-farm/products/${id}`);
  const preview = page.getByTestId("image-preview");
  await expect(preview).toHaveAttribute("src", first);
  await page.getByLabel("Product picture").setInputFiles({
    name: "IMG_0002.png",
    mimeType: "image/png",
    buffer: rgbPng(40, 30, () => [200, 40, 40]),
  });
  await expect(toast(page, "Image uploaded")).toBeVisible();
  await expect(preview).not.toHaveAttribute("src", first);
  const second = (await preview.getAttribute("src"))!;
  expect((await page.request.get(first)).status()).toBe(404);
  await auditPage(page, "/my-farm/products/{id} with a photo");
  await page.getByRole("button", { name: "Remove product picture" }).click();
  await expect(toast(page, "Picture removed")).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expect(page.getByText("No picture yet")).toBeVisible();
  expect((await page.request.get(second)).status()).toBe(404);
  await page.goto("/my-farm/products");
  await expect(img).toHaveCount(0);
});
