import { expect, test, type Page } from "@playwright/test";
import { auditPage, expectNoAxeViolations } from "./a11y";
import { rgbPng } from "../tests/support/png";
import {
  orderByApi,
  registerFresh,
  runScript,
  SEEDED_FARMERS,
  signInSeeded,
  topUpByApi,
} from "./support";

/**
 * A farmer's morning (docs/fulfilment.md, "Pack list"): the pack list opens on the next day with
 * orders, lines and orders are ticked off on the server, "Handed over" is confirmed and can be
 * undone from the toast; the products list's − / + change stock in one tap each.
 * Farms of their own per project (both sell at the Saturday market, no minimum order); the test
 * looks only at its own buyer's orders.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });
type Product = { id: number; name: string; inStock: boolean; farmId: number; stock?: number };

test("a farmer packs the next day's orders: tick-offs stay, Handed over is confirmed and undone", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const farmer = testInfo.project.name === "desktop" ? SEEDED_FARMERS.priya : SEEDED_FARMERS.marcus;

  // Two orders from a fresh buyer at the farm's soonest pickup.
  await signInSeeded(page, farmer);
  const farm = (await (await page.request.get("/api/my-farm")).json()) as {
    id: number;
    farmName: string;
  };
  const mine = (await (await page.request.get("/api/my-farm/products")).json()) as (Product & {
    isHidden: boolean;
    stock: number;
  })[];
  const [a, b] = mine.filter((p) => !p.isHidden && p.stock > 5);
  expect(b, `two products in stock at ${farm.farmName}`).toBeTruthy();
  const buyer = await registerFresh(page, "pack");
  await topUpByApi(page, 200);
  const first = (
    await orderByApi(page, farm.id, [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 1 },
    ])
  ).orders[0].id;
  const second = (await orderByApi(page, farm.id, [{ productId: a.id, quantity: 1 }])).orders[0].id;

  // The farmer signs in and lands on My Farm (tap 1: Login); tap 2: the Pack tab on the phone,
  // Pack list on the rail. The list opens on the next day with orders, no date to type.
  await signInSeeded(page, farmer);
  await page.goto("/my-farm");
  if (isMobile(page)) {
    await page.getByTestId("tab-bar").getByRole("link", { name: "Pack" }).click();
  } else {
    await page.goto("/my-farm/pack-list");
  }
  await expect(page).toHaveURL(/\/my-farm\/pack-list$/);
  await expect(page.getByRole("button", { name: "Show" })).toHaveCount(0);
  await expect(page.getByLabel("Day", { exact: true })).toHaveJSProperty("tagName", "SELECT");
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
      const res = await page.request.get(
        `/api/my-farm/pack-list?date=${await page.getByLabel("Day", { exact: true }).inputValue()}`,
      );
      const list = (await res.json()) as { orders: { id: number; packed: number[] }[] };
      return list.orders.filter((o) => o.id === first || o.id === second).map((o) => o.packed);
    })
    .toEqual([[a.id], [a.id]]);
  await page.reload();
  await expect(card(first).getByLabel(new RegExp(`1 × ${escape(a.name)}`))).toBeChecked();
  await expect(card(first).getByLabel(new RegExp(`1 × ${escape(b.name)}`))).not.toBeChecked();
  await expect(card(second).getByLabel(`All packed for order #${second}`)).toBeChecked();

  // Before its slot starts "Handed over" waits; the clock then reaches the handover.
  await expect(
    card(second).getByRole("button", { name: `Handed over order #${second}` }),
  ).toBeDisabled();
  await runScript("e2e/start-handover.ts", String(second));
  await page.reload();

  // Tap 5: Handed over; tap 6: confirm in the dialog.
  await card(second)
    .getByRole("button", { name: `Handed over order #${second}` })
    .click();
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

  // Handed over again: it stays in the day's handed-over list after a reload.
  await card(second)
    .getByRole("button", { name: `Handed over order #${second}` })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Handed over" }).click();
  await expect(toast(page, "Handed over")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("handed-over")).toContainText(`#${second} · ${buyer.fullName}`);
  const order = (await (await page.request.get("/api/my-farm/orders?limit=50")).json()) as {
    id: number;
  }[];
  expect(order.map((o) => o.id)).not.toContain(second);

  // Products: one tap on + and one on − change the stock, kept on the server.
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
}, testInfo) => {
  test.setTimeout(120_000);
  const farmer = testInfo.project.name === "desktop" ? SEEDED_FARMERS.priya : SEEDED_FARMERS.marcus;
  const photo = bigPhoto();
  expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
  const name = `Photo Squash ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signInSeeded(page, farmer);
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
  const served = await page.request.get((await img.getAttribute("src"))!);
  expect(served.status()).toBe(200);
  expect((await served.body()).length).toBeLessThan(2 * 1024 * 1024);
});
