import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  createProductByApi,
  forProject,
  registerFresh,
  secondContext,
  SEEDED_FARMERS,
  signInSeeded,
  orderByApi,
  topUpByApi,
} from "./support";

/** A seeded farm with windows, one per project (its incoming orders are told apart by buyer anyway). */
const FARMER = { desktop: SEEDED_FARMERS.kenji, mobile: SEEDED_FARMERS.sophie } as const;

const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });
const axe = async (page: Page) =>
  expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);

/**
 * Signs in as this project's farmer: its farm, and a way to add products to it. The seeded farm
 * keeps earlier runs' products, so each name gets this run's suffix.
 */
async function signInAsFarmer(page: Page, testInfo: TestInfo) {
  const farmer = forProject(FARMER, testInfo);
  await signInSeeded(page, farmer);
  const farm = (await (await page.request.get("/api/my-farm")).json()) as {
    id: number;
    farmName: string;
  };
  const tag = Date.now().toString(36);
  const make = async (product: string, price: number) => {
    const name = `${product} ${tag}`;
    return { id: await createProductByApi(page, name, price), name };
  };
  return { farm, make };
}

test("a farm short-picks one line, substitutes another and weighs a third; the buyer sees the cards live, accepts one, declines the other, and the farm sees the answers live", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);

  // --- The farm's products and a buyer's order (through the API: checkout is other specs' subject)
  const { farm, make } = await signInAsFarmer(page, testInfo);
  const me = (await (await page.request.get("/api/user")).json()) as { id: number };
  const carrots = await make("Carrots", 3);
  const kale = await make("Kale", 2.5);
  const beans = await make("Beans", 4);
  const chard = await make("Chard", 4);

  const shopper = await secondContext(browser, testInfo);
  const buyer = await registerFresh(shopper.page, "adjust");
  await topUpByApi(shopper.page, 100);
  const orderId = (
    await orderByApi(shopper.page, farm.id, [
      { productId: carrots.id, quantity: 4 },
      { productId: kale.id, quantity: 2 },
      { productId: beans.id, quantity: 2 },
    ])
  ).orders[0].id;

  // The buyer opens the conversation with the farm before anything happens.
  await shopper.page.goto(`/messages/${me.id}`);
  const buyerLog = shopper.page.getByRole("log");
  await expect(buyerLog).toBeVisible();

  // --- The farm adjusts three lines from My Farm ----------------------------------------------
  await page.goto("/my-farm/orders");
  const incoming = page.getByTestId("incoming-order").filter({ hasText: buyer.fullName });
  await expect(incoming).toHaveCount(1);
  await axe(page);

  // Short-pick: carrots 4 → 3 (applied at once, $3.00 back).
  await incoming
    .getByRole("button", { name: `Adjust ${carrots.name} in order #${orderId}` })
    .click();
  const dialog = page.getByTestId("adjust-dialog");
  await expect(dialog.getByRole("heading", { name: `Adjust ${carrots.name}` })).toBeVisible();
  await axe(page);
  await dialog.getByLabel("New quantity").fill("3");
  await dialog.getByLabel("Note to the buyer (optional)").fill("Frost got the last row");
  await dialog.getByRole("button", { name: "Send adjustment" }).click();
  await expect(toast(page, "Order adjusted")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Substitution: kale → chard (waits for the buyer).
  await incoming.getByRole("button", { name: `Adjust ${kale.name} in order #${orderId}` }).click();
  await dialog.getByLabel("Substitute").selectOption({ label: `${chard.name} · $4.00/lb` });
  await dialog.getByRole("button", { name: "Send adjustment" }).click();
  await expect(toast(page, "Change sent to the buyer")).toBeVisible();

  // Actual weight: beans 2 → 3 (waits for the buyer).
  await incoming.getByRole("button", { name: `Adjust ${beans.name} in order #${orderId}` }).click();
  await dialog.getByLabel("New quantity").fill("3");
  await dialog.getByRole("button", { name: "Send adjustment" }).click();
  await expect(toast(page, "Change sent to the buyer")).toBeVisible();
  await expect(incoming).toContainText(`3 × ${carrots.name}`);

  // --- The buyer sees the three cards live (no reload) ------------------------------------------
  const cards = buyerLog.getByTestId("adjustment-card");
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toHaveAttribute("data-status", "applied");
  await expect(cards.nth(0)).toContainText("$3.00 refunded to your wallet");
  await expect(cards.nth(0)).toContainText("Frost got the last row");
  await expect(cards.nth(1)).toHaveAttribute("data-status", "pending");
  await expect(cards.nth(1)).toContainText(`2 × ${chard.name}`);
  await expect(cards.nth(1)).toContainText("You pay $3.00 more");
  // The buyer is the one asked: the badge says so; the farm reads that it waits for them.
  await expect(cards.nth(1)).toContainText("Needs your answer");
  await expect(cards.nth(2)).toContainText("You pay $4.00 more");
  await axe(shopper.page);

  // The farm watches the conversation too.
  await page.goto(`/messages/${buyer.user.id}`);
  const farmCards = page.getByRole("log").getByTestId("adjustment-card");
  await expect(farmCards).toHaveCount(3);
  await expect(farmCards.nth(1)).toHaveAttribute("data-status", "pending");
  await expect(farmCards.nth(1).getByRole("button", { name: /^Accept/ })).toHaveCount(0);
  await expect(farmCards.nth(1)).toContainText("Waiting for the buyer");

  // Accept the substitution, decline the weight.
  await cards
    .nth(1)
    .getByRole("button", { name: `Accept the change to order #${orderId}` })
    .click();
  await expect(cards.nth(1)).toHaveAttribute("data-status", "accepted");
  await expect(
    shopper.page.getByTestId("toast").filter({ hasText: "Change accepted" }),
  ).toContainText("$3.00 charged for this change");
  await cards
    .nth(2)
    .getByRole("button", { name: `Decline the change to order #${orderId}` })
    .click();
  await expect(cards.nth(2)).toHaveAttribute("data-status", "declined");
  await expect(cards.nth(2).getByRole("button")).toHaveCount(0);

  // The farm sees both answers without reloading.
  await expect(farmCards.nth(1)).toHaveAttribute("data-status", "accepted");
  await expect(farmCards.nth(2)).toHaveAttribute("data-status", "declined");

  // --- The order and the wallet say what happened ----------------------------------------------
  const order = (await (await shopper.page.request.get(`/api/orders/${orderId}`)).json()) as {
    totalAmount: number;
    items: { productName: string; quantity: number }[];
  };
  expect(order.items.map((i) => [i.productName, i.quantity])).toEqual([
    [carrots.name, 3],
    [chard.name, 2],
    [beans.name, 2],
  ]);
  // 12.00 + 5.00 + 8.00 = 25.00, then −3.00 (short-pick) and +3.00 (chard for kale).
  expect(order.totalAmount).toBe(25);
  await shopper.page.goto("/wallet");
  const rows = shopper.page
    .getByTestId("transaction")
    .filter({ hasText: `Order #${orderId} adjusted by ${farm.farmName}` });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Frost got the last row" })).toContainText("+$3.00");
  await shopper.context.close();
});

test("the buyer accepts a farm's change from the order's details: the dialog stays open on the answer, and the list shows the new total once it closes", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { farm, make } = await signInAsFarmer(page, testInfo);
  const leeks = await make("Leeks", 2);
  const fennel = await make("Fennel", 3);

  const shopper = await secondContext(browser, testInfo);
  await registerFresh(shopper.page, "adjust-detail");
  await topUpByApi(shopper.page, 50);
  const placed = await orderByApi(shopper.page, farm.id, [{ productId: leeks.id, quantity: 2 }]);
  const order = (placed as { orders: { id: number; items: { id: number }[] }[] }).orders[0];
  // Fennel for the leeks: $4.00 → $6.00, waits for the buyer.
  const proposed = await page.request.post(`/api/my-farm/orders/${order.id}/adjustments`, {
    data: { lines: [{ itemId: order.items[0].id, substituteProductId: fennel.id }] },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);

  await shopper.page.goto("/orders");
  const card = shopper.page.getByTestId("order-card").filter({ hasText: farm.farmName }).first();
  await expect(card.getByTestId("order-total")).toHaveText("$4.00");
  await card.getByRole("button", { name: "Track Delivery" }).click();
  const detail = shopper.page.getByTestId("order-detail");
  const change = detail.getByTestId("adjustment-card");
  await expect(change).toHaveAttribute("data-status", "pending");
  await change.getByRole("button", { name: `Accept the change to order #${order.id}` }).click();
  // The answer shows in the open dialog (it used to close as the list behind refreshed).
  await expect(change).toHaveAttribute("data-status", "accepted");
  await expect(detail.getByTestId("order-detail-total")).toHaveText("$6.00");
  // The charge is confirmed; Escape dismisses that newest layer first, then the dialog.
  const confirmed = shopper.page.getByTestId("toast").filter({ hasText: "Change accepted" });
  await expect(confirmed).toContainText("$2.00 charged for this change");
  await shopper.page.keyboard.press("Escape");
  await expect(confirmed).toBeHidden();
  await shopper.page.keyboard.press("Escape");
  await expect(detail).toBeHidden();
  await expect(card.getByTestId("order-total")).toHaveText("$6.00");
  await shopper.context.close();
});
