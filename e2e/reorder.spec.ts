import { expect, test } from "@playwright/test";
import { auditPage } from "./a11y";
import { SEEDED_RESTAURANTS, signInSeeded } from "./support";

test("a chef reorders the usual items in cases from Reorder, and checkout starts on account", async ({
  page,
}) => {
  // Olivia's Bench Bistro: its seeded orders on account at Glenmore Valley Greens are its usual items.
  await signInSeeded(page, SEEDED_RESTAURANTS.olivia);
  await page.goto("/home");
  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  // Tap 1: Reorder, on the tab bar (phone) or the rail (desktop).
  await page
    .getByTestId(mobile ? "tab-bar" : "nav-rail")
    .getByRole("link", { name: "Reorder", exact: true })
    .click();
  await expect(page).toHaveURL(/\/orders\?tab=completed$/);
  const usual = page.getByTestId("usual-items");
  await expect(usual.getByRole("heading", { name: "Your usual items" })).toBeVisible();
  const items = usual.getByTestId("usual-item");
  expect(await items.count()).toBeGreaterThanOrEqual(2);
  // Restaurants read their usual quantity in cases.
  await expect(items.first()).toContainText(/Usually \d+ cases? of \d+/);
  await auditPage(page, "/orders?tab=completed (usual items)");

  // Tap 2: every usual item into the cart at its usual quantity.
  await usual.getByTestId("usual-add-all").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Added to Cart" })).toContainText(
    /\d+ usual items added to your cart/,
  );
  // Tap 3: the cart, counted in cases.
  await page.getByTestId("cart-button").first().click();
  await expect(page.getByTestId("cart-cases").first()).toHaveText(/^\d+ cases? × \d+ \S/);
  await page.keyboard.press("Escape");

  // Tap 4: checkout; the farm gives Bench Bistro credit, so it starts on account.
  await page.goto("/checkout");
  const payment = page.getByTestId("checkout-payment").first();
  await expect(payment.getByRole("radio", { name: /On account/ })).toBeChecked();
  await expect(page.getByTestId("checkout-pay")).toContainText("on account");

  // Its standing order (or an earlier reorder) is there that Saturday: Pay asks, and Cancel
  // places nothing and keeps the cart.
  const active = async () =>
    ((await (await page.request.get("/api/orders?status=active&limit=100")).json()) as unknown[])
      .length;
  const before = await active();
  await page.getByTestId("checkout-pay").click();
  const question = page.getByRole("alertdialog", { name: "Place another order?" });
  await expect(question).toContainText(
    /(You already have order #\d+ for|Your standing order already covers) Glenmore Valley Greens' /,
  );
  await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("checkout-farm")).toHaveCount(1);
  expect(await active()).toBe(before);
});
