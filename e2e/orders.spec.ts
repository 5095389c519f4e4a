import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { animationsDone } from "./a11y";
import { DEMO, registerFresh, signIn, topUpByApi } from "./support";

type Product = {
  id: number;
  name: string;
  price: number;
  inStock: boolean;
  farm: { id: number; farmName: string };
};

const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });
const usd = (n: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(n);

/** A real catalogue product, added to the cart from its own page. */
async function addProductToCart(page: Page, index = 0): Promise<Product> {
  const res = await page.request.get("/api/products/popular?limit=8");
  expect(res.ok()).toBe(true);
  const product = ((await res.json()) as Product[]).filter((p) => p.inStock)[index];
  await page.goto(`/products/${product.id}`);
  await page
    .getByRole("button", { name: `Add to cart: ${product.name}` })
    .first()
    .click();
  await expect(toast(page, "Added to Cart")).toBeVisible();
  return product;
}

test.describe("checkout and orders", () => {
  test("add to cart → checkout → Active → track → cancel (confirm) → Cancelled, refund in the wallet", async ({
    page,
  }) => {
    await registerFresh(page, "order");
    await topUpByApi(page, 200);
    const product = await addProductToCart(page);

    await page.getByTestId("cart-button").first().click();
    await page.getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const farm = page.getByTestId("checkout-farm");
    await expect(farm).toHaveCount(1);
    await expect(farm.getByRole("heading", { name: product.farm.farmName })).toBeVisible();
    await expect(page.getByTestId("checkout-total")).toHaveText(usd(product.price));
    await expect(page.getByTestId("checkout-balance")).toHaveText("$200.00");
    // Settled: the farm's times are in and the pay button is ready (it changes colour as it is enabled).
    await expect(page.getByTestId("checkout-pay")).toBeEnabled();
    await animationsDone(page);
    expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);

    // A double click must pay once: the second click is the same attempt (same Idempotency-Key).
    const keys: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/orders") && r.method() === "POST")
        keys.push(r.headers()["idempotency-key"] ?? "");
    });
    await page.getByTestId("checkout-pay").dblclick();
    await expect(toast(page, "Order Placed")).toBeVisible();
    await expect(page).toHaveURL(/\/orders$/);
    const confirmation = page.getByTestId("order-placed");
    await expect(confirmation).toContainText(`${product.farm.farmName} · Paid from your wallet`);
    await expect(confirmation.getByTestId("order-detail-total")).toHaveText(usd(product.price));
    // A reload shows the list alone: the confirmation is shown once.
    await page.reload();
    await expect(page.getByTestId("order-card").first()).toBeVisible();
    await expect(confirmation).toHaveCount(0);
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);

    const active = page.getByRole("tabpanel", { name: "Active" });
    const card = active.getByTestId("order-card");
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("order-farm")).toHaveText(product.farm.farmName);
    await expect(card.getByTestId("order-items")).toHaveText("1 item");
    await expect(card.getByTestId("order-distance")).toHaveText(/^\d+\.\d km$/);
    await expect(card.getByTestId("order-total")).toHaveText(usd(product.price));
    await expect(card.getByTestId("order-badge")).toHaveText("Paid");
    await animationsDone(page);
    expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);

    await card.getByRole("button", { name: "Track Delivery" }).click();
    await expect(toast(page, "Tracking Order")).toBeVisible();
    const detail = page.getByTestId("order-detail");
    await expect(detail.getByText(product.name)).toBeVisible();
    await expect(detail.getByTestId("order-history")).toContainText("Paid from wallet");
    await page.keyboard.press("Escape");
    await expect(detail).toBeHidden();

    await card.getByRole("button", { name: "Cancel Order" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Cancel this order?" });
    await expect(confirm).toContainText(`${usd(product.price)} refunded to your wallet`);
    await animationsDone(page);
    expect(
      (await new AxeBuilder({ page }).include('[role="alertdialog"]').analyze()).violations,
    ).toEqual([]);
    await confirm.getByRole("button", { name: "Yes, Cancel Order" }).click();
    await expect(toast(page, "Order Cancelled")).toBeVisible();
    await expect(active.getByText("No active orders")).toBeVisible();

    await page.getByRole("tab", { name: "Cancelled" }).click();
    const cancelled = page.getByRole("tabpanel", { name: "Cancelled" }).getByTestId("order-card");
    await expect(cancelled).toHaveCount(1);
    await expect(cancelled.getByTestId("order-badge")).toHaveText("Cancelled");
    await expect(cancelled.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);

    await page.goto("/wallet");
    await expect(page.getByTestId("wallet-balance")).toHaveText("$200.00");
    const rows = page.getByTestId("transaction");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveAttribute("data-type", "refund");
    await expect(rows.nth(0).getByTestId("transaction-amount")).toHaveText(
      `+${usd(product.price)}`,
    );
    await expect(rows.nth(1)).toHaveAttribute("data-type", "order");
    await expect(rows.nth(1).getByTestId("transaction-amount")).toHaveText(
      `-${usd(product.price)}`,
    );
  });

  test("with the farms' pickup times down, Pay waits and says why; Try again loads them", async ({
    page,
  }) => {
    await registerFresh(page, "notimes");
    await topUpByApi(page, 100);
    await addProductToCart(page);
    let down = true;
    await page.route(/\/api\/farms\/\d+\/fulfilment$/, (route) =>
      down
        ? route.fulfill({
            status: 503,
            json: { message: "Service unavailable", code: "unavailable" },
          })
        : route.continue(),
    );
    await page.goto("/checkout");
    const pay = page.getByTestId("checkout-pay");
    await expect(page.getByRole("alert").filter({ hasText: "Service unavailable" })).toBeVisible();
    await expect(pay).toBeDisabled();
    await expect(pay).toHaveText("Waiting for pickup times");
    down = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(pay).toBeEnabled();
    await expect(pay).toHaveText(/^Pay \$/);
  });

  test("insufficient balance says so, offers Top Up, and pays after topping up", async ({
    page,
  }) => {
    await registerFresh(page, "short");
    const product = await addProductToCart(page, 1);
    await page.goto("/checkout");
    const shortfall = page.getByTestId("checkout-shortfall");
    await expect(shortfall).toContainText("Insufficient balance");
    await expect(page.getByTestId("checkout-pay")).toBeDisabled();

    await shortfall.getByRole("button", { name: "Top Up" }).click();
    await page.getByLabel("Amount (USD)").fill("50");
    await page.getByTestId("topup-submit").click();
    await expect(toast(page, "Top Up Successful")).toBeVisible();
    await expect(page.getByTestId("checkout-balance")).toHaveText("$50.00");
    await expect(shortfall).toBeHidden();

    await page.getByTestId("checkout-pay").click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(
      page.getByRole("tabpanel", { name: "Active" }).getByTestId("order-card"),
    ).toHaveCount(1);
    const wallet = await (await page.request.get("/api/wallet")).json();
    expect(wallet.balance).toBeCloseTo(50 - product.price, 2);
  });

  test("Order again puts a completed order's lines back in the cart and opens checkout", async ({
    page,
  }) => {
    // Taps: Completed tab, Order again (2) — instead of finding each product again.
    await signIn(page, DEMO.email, DEMO.password);
    await page.goto("/orders");
    await page.getByRole("tab", { name: "Completed" }).click();
    const panel = page.getByRole("tabpanel", { name: "Completed" });
    const card = panel.getByTestId("order-card").first();
    await expect(card).toBeVisible();
    const id = Number((await card.getAttribute("data-order-id")) ?? NaN);
    const order = (await (await page.request.get(`/api/orders/${id}`)).json()) as {
      farm: { farmName: string };
      items: { productName: string; quantity: number }[];
    };
    await card.getByRole("button", { name: `Order again from ${order.farm.farmName}` }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const farm = page.getByTestId("checkout-farm").filter({ hasText: order.farm.farmName });
    for (const item of order.items) await expect(farm).toContainText(item.productName);
    await expect(page.getByTestId("cart-count")).toHaveText(
      String(order.items.reduce((n, i) => n + i.quantity, 0)),
    );
  });

  test("empty states for a new user, per tab, and an empty checkout", async ({ page }) => {
    await registerFresh(page, "empty");
    await page.goto("/orders");
    const hints = {
      Active: "No active orders",
      Completed: "No completed orders",
      Cancelled: "No cancelled orders",
    } as const;
    for (const [tab, text] of Object.entries(hints)) {
      await page.getByRole("tab", { name: tab }).click();
      const panel = page.getByRole("tabpanel", { name: tab });
      await expect(panel.getByText(text)).toBeVisible();
      await expect(panel.getByTestId("orders-empty").locator("p").nth(1)).not.toBeEmpty();
    }
    await animationsDone(page);
    expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);
    await page.goto("/checkout");
    await expect(page.getByTestId("checkout-empty")).toContainText("Your cart is empty");
  });
});
