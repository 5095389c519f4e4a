import { expect, test, type Page } from "@playwright/test";
import { commissionOf } from "../lib/commission";
import { auditPage } from "./a11y";
import { setClock, wallTime } from "./clock";
import {
  createProductByApi,
  inviteFarmByApi,
  newAccount,
  openSaturdayStall,
  orderByApi,
  registerFresh,
  secondContext,
  signIn,
  STAFF,
  topUpByApi,
} from "./support";

/**
 * The farmer's morning with the network gone between packing and handing over (docs/offline.md):
 * after one visit Today and the pack list open offline; ticks and handovers made offline wait on
 * the phone ("waiting to send") and are sent once the network is back, in order, each once; the
 * handover of an order the buyer cancelled meanwhile is shown with the server's reason. A farm of
 * the test's own sells at a Saturday market from 08:00; the buyer orders on the Tuesday before and
 * the farmer packs on the market morning (both clocks set, e2e/clock.ts), whatever day it runs.
 */
const ORDERED_AT = "2026-12-01T13:45";
const MARKET_DAY = "2026-12-05";
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });
const cents = (dollars: number) => Math.round(dollars * 100);

/** Whether the service worker has this page kept for offline. */
const kept = (page: Page) =>
  page.evaluate(async () => (await caches.match(location.href)) !== undefined);

test("the farmer's morning offline: the pack list opens, ticks and handovers wait and arrive once; a cancelled order's handover shows why", async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const origin = baseURL!;
  const [staff, shopper] = await Promise.all([
    secondContext(browser, testInfo),
    secondContext(browser, testInfo),
  ]);
  await setClock(shopper.page, wallTime(ORDERED_AT), origin);
  await setClock(page, wallTime(`${MARKET_DAY}T08:05`), origin);

  // A new farm of this test's (the farmer is `page`), a Saturday stall and two products.
  await signIn(staff.page, STAFF.email, STAFF.password);
  const farmName = `Offline Acres ${testInfo.project.name} ${newAccount("offline").username}`;
  const farmId = await inviteFarmByApi(staff.page, page, farmName);
  await openSaturdayStall(page);
  const a = { name: "Purple Kohlrabi", id: await createProductByApi(page, "Purple Kohlrabi", 3) };
  const b = { name: "Delicata Squash", id: await createProductByApi(page, "Delicata Squash", 4) };

  // Two orders for Saturday, placed on the Tuesday.
  const buyer = await registerFresh(shopper.page, "offline");
  await topUpByApi(shopper.page, 100);
  const placed = await orderByApi(shopper.page, farmId, [
    { productId: a.id, quantity: 1 },
    { productId: b.id, quantity: 1 },
  ]);
  const first = placed.orders[0].id;
  const second = (await orderByApi(shopper.page, farmId, [{ productId: a.id, quantity: 1 }]))
    .orders[0].id;

  // Market morning: Today, then Start packing (one tap) opens the day's pack list.
  await page.goto("/my-farm");
  const handovers = page.getByTestId("today-handovers");
  await expect(handovers.getByRole("heading", { name: "Due today" })).toBeVisible();
  await expect.poll(() => kept(page)).toBe(true);
  await handovers.getByRole("link", { name: "Start packing" }).click();
  await expect(page).toHaveURL(new RegExp(`/my-farm/pack-list\\?date=${MARKET_DAY}$`));
  const card = (id: number) => page.getByTestId("pack-order").filter({ hasText: `#${id} ·` });
  await expect(card(first)).toContainText(buyer.fullName);
  await expect(card(second)).toBeVisible();
  await expect.poll(() => kept(page)).toBe(true);
  const manifest = await page.request.get("/farm.webmanifest");
  expect(await manifest.json()).toMatchObject({ start_url: "/my-farm", display: "standalone" });
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/farm.webmanifest");

  // The network goes, for the page and its service worker alike; the pack list reloads.
  await context.setOffline(true);
  const [worker] = context.serviceWorkers();
  expect(worker, "the farm page's service worker").toBeTruthy();
  expect(
    await worker.evaluate(() =>
      fetch("/api/health").then(
        () => "up",
        () => "down",
      ),
    ),
  ).toBe("down");
  await page.reload();
  await expect(card(first)).toContainText(buyer.fullName);
  await expect(page.getByTestId("offline-banner")).toContainText("You are offline.");

  // A tick and two handovers, offline: each waits, and shows as made.
  const kohlrabi = card(first).getByLabel(new RegExp(`1 × ${escape(a.name)}`));
  await kohlrabi.check();
  const outbox = page.getByTestId("outbox");
  await expect(outbox.getByRole("heading")).toHaveText("Waiting to send (1)");
  await expect(outbox.getByTestId("outbox-waiting")).toHaveText([
    `Packed 1 × ${a.name} of order #${first} · waiting to send`,
  ]);
  for (const id of [first, second]) {
    await card(id)
      .getByRole("button", { name: `Handed over order #${id}` })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Handed over" }).click();
    await expect(toast(page, "Waiting to send").last()).toContainText(
      `Order #${id} is handed over on this device`,
    );
    await expect(card(id).getByTestId("handover-waiting")).toHaveText(
      "Handed over · waiting to send",
    );
  }
  await expect(outbox.getByRole("heading")).toHaveText("Waiting to send (3)");

  // Still there after a reload without a network: kept on the phone.
  await page.reload();
  await expect(outbox.getByTestId("outbox-waiting")).toHaveText([
    `Packed 1 × ${a.name} of order #${first} · waiting to send`,
    `Handed over order #${first} · waiting to send`,
    `Handed over order #${second} · waiting to send`,
  ]);
  await expect(kohlrabi).toBeChecked();
  await expect(card(second).getByTestId("handover-waiting")).toBeVisible();
  // Nothing reached the server.
  const before = await page.request.get(`/api/my-farm/pack-list?date=${MARKET_DAY}`);
  const listed = (await before.json()) as {
    orders: { id: number; status: string; packed: number[] }[];
  };
  expect(listed.orders.map((o) => [o.id, o.status, o.packed])).toEqual([
    [first, "active", []],
    [second, "active", []],
  ]);

  // Meanwhile the buyer cancels the second order (their Tuesday, before the cutoff).
  const cancelled = await shopper.page.request.post(`/api/orders/${second}/cancel`);
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  // Back online: the outbox is sent in order; the cancelled order's handover is refused.
  await context.setOffline(false);
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);
  const refused = outbox.getByTestId("outbox-refused");
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText(
    `Not sent: Handed over order #${second}. Only active orders can be completed; this order is cancelled`,
  );
  await expect(outbox.getByTestId("outbox-waiting")).toHaveCount(0);
  await expect(page.getByTestId("handed-over")).toContainText(`#${first} · ${buyer.fullName}`);
  await expect(card(second)).toHaveCount(0);
  await auditPage(page, "/my-farm/pack-list with a refused handover");

  // On the server: ticked once, handed over once, earned once.
  const after = (await (
    await page.request.get(`/api/my-farm/pack-list?date=${MARKET_DAY}`)
  ).json()) as { orders: { id: number; status: string; packed: number[] }[] };
  expect(after.orders.map((o) => [o.id, o.status, o.packed])).toEqual([
    [first, "completed", [a.id]],
  ]);
  const detail = (await (await shopper.page.request.get(`/api/orders/${first}`)).json()) as {
    status: string;
    totalAmount: number;
    events: { status: string }[];
  };
  expect(detail.status).toBe("completed");
  expect(detail.events.filter((e) => e.status === "completed")).toHaveLength(1);
  const payouts = (await (await page.request.get("/api/my-farm/payouts")).json()) as {
    balance: number;
    commissionRate: number;
  };
  const goods = 300 + 400;
  expect(cents(payouts.balance)).toBe(
    cents(detail.totalAmount) - commissionOf(goods, Math.round(payouts.commissionRate * 10_000)),
  );

  // Read, the refusal is dismissed.
  await refused.getByRole("button", { name: `Dismiss Handed over order #${second}` }).click();
  await expect(outbox).toHaveCount(0);
  await Promise.all([staff.context.close(), shopper.context.close()]);
});
