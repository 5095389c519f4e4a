import { expect, test } from "@playwright/test";
import { registerFresh, showHomeSections } from "./support";

type Product = { id: number; name: string; price: number; inStock: boolean };

test("cart: add, increase, steppers, remove, clear — with toasts, badge count and reload", async ({
  page,
}) => {
  await registerFresh(page, "cart");
  const popular = (
    (await (await page.request.get("/api/products/popular?limit=8")).json()) as Product[]
  ).filter((p) => p.inStock);
  const [a, b] = popular;
  await page.goto("/home");
  await showHomeSections(page);
  const section = page.getByTestId("section-popular");
  const badge = page.getByTestId("cart-count");
  await expect(badge).toHaveText("0");

  await section.getByRole("button", { name: `Add ${a.name} to cart` }).click();
  await expect(page.getByTestId("toast").getByText("Added to Cart")).toBeVisible();
  await expect(badge).toHaveText("1");
  await section.getByRole("button", { name: `Add ${a.name} to cart` }).click();
  await expect(page.getByTestId("toast").getByText("Updated Cart")).toBeVisible();
  await expect(
    page.getByTestId("toast").getByText(`Increased quantity of ${a.name}`),
  ).toBeVisible();
  await expect(badge).toHaveText("2");
  await section.getByRole("button", { name: `Add ${b.name} to cart` }).click();
  await expect(badge).toHaveText("3");
  await expect(page.getByRole("button", { name: "Cart, 3 items" })).toBeVisible();

  // Survives a reload (localStorage).
  await page.reload();
  await expect(page.getByTestId("cart-count")).toHaveText("3");

  await page.getByRole("button", { name: "Cart, 3 items" }).click();
  const sheet = page.getByRole("dialog", { name: "Your cart" });
  await expect(sheet.getByTestId("cart-item")).toHaveCount(2);
  const money = (n: number) =>
    new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(n);
  await expect(sheet.getByTestId("cart-total")).toHaveText(
    money((Math.round(a.price * 100) * 2 + Math.round(b.price * 100)) / 100),
  );
  await expect(sheet.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");

  await sheet.getByRole("button", { name: `Increase quantity of ${b.name}` }).click();
  await expect(badge).toHaveText("4");
  await sheet.getByRole("button", { name: `Decrease quantity of ${b.name}` }).click();
  await sheet.getByRole("button", { name: `Decrease quantity of ${b.name}` }).click();
  // Quantity 0 removes the line.
  await expect(sheet.getByTestId("cart-item")).toHaveCount(1);
  await expect(badge).toHaveText("2");

  await sheet.getByRole("button", { name: `Remove ${a.name} from cart` }).click();
  await expect(page.getByTestId("toast").getByText("Removed from Cart")).toBeVisible();
  await expect(badge).toHaveText("0");
  await expect(sheet.getByText("Your cart is empty.")).toBeVisible();

  // (Escape would first dismiss the toast, the newest layer, so close the sheet with its button.)
  await sheet.getByRole("button", { name: "Close", exact: true }).click();
  await section.getByRole("button", { name: `Add ${a.name} to cart` }).click();
  await page.getByRole("button", { name: "Cart, 1 item" }).click();
  await page
    .getByRole("dialog", { name: "Your cart" })
    .getByRole("button", { name: "Clear cart" })
    .click();
  const cleared = page.getByTestId("toast").filter({ hasText: "Cart Cleared" });
  await expect(cleared).toBeVisible();
  await expect(badge).toHaveText("0");
  // Undo puts the cart back as it was; clearing again is final.
  await cleared.getByRole("button", { name: "Undo" }).click();
  await expect(badge).toHaveText("1");
  await page.getByRole("button", { name: "Cart, 1 item" }).click();
  await page
    .getByRole("dialog", { name: "Your cart" })
    .getByRole("button", { name: "Clear cart" })
    .click();
  await expect(badge).toHaveText("0");
  await page.reload();
  await expect(page.getByTestId("cart-count")).toHaveText("0");
});
