import { expect, test } from "@playwright/test";
import { auditPage } from "./a11y";
import { orderByApi, registerFresh, topUpByApi } from "./support";

type Product = {
  id: number;
  name: string;
  inStock: boolean;
  caseSize: number;
  farm: { id: number; farmName: string };
};

test("the product page picks a quantity and adds it; on a phone the Add bar sits above the tabs", async ({
  page,
}) => {
  await registerFresh(page, "pdp");
  const res = await page.request.get("/api/products/popular?limit=8");
  const product = ((await res.json()) as Product[]).find((p) => p.inStock && p.caseSize === 1)!;
  await page.goto(`/products/${product.id}`);

  const box = page.getByTestId("buy-box");
  const quantity = box.getByTestId("buy-quantity");
  await expect(quantity).toHaveText("1");
  await expect(box.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await box.getByRole("button", { name: "Increase quantity" }).click();
  await box.getByRole("button", { name: "Increase quantity" }).click();
  await expect(quantity).toHaveText("3");
  await box.getByRole("button", { name: "Decrease quantity" }).click();
  await expect(quantity).toHaveText("2");

  // The Add button is in view and nothing covers it: not the bottom tabs on a phone.
  const add = box.getByRole("button", { name: `Add to cart: ${product.name}` });
  await expect(add).toBeInViewport();
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    const tabs = (await page.getByTestId("tab-bar").boundingBox())!;
    const bar = (await box.boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(tabs.y + 1);
  }
  await add.click();
  await expect(page.getByTestId("toast").filter({ hasText: "Added to Cart" })).toBeVisible();
  await expect(box.getByTestId("buy-in-cart")).toHaveText("In your cart: 2");
  await add.click();
  await expect(page.getByTestId("toast").filter({ hasText: "Updated Cart" })).toBeVisible();
  await expect(box.getByTestId("buy-in-cart")).toHaveText("In your cart: 4");

  await page.getByTestId("cart-button").first().click();
  await expect(page.getByTestId("cart-quantity")).toHaveText("4");
  await page.keyboard.press("Escape");
  await auditPage(page, `/products/${product.id}`);
});

test("Message the farm: from a product, the farm's page and an order, one tap opens the chat", async ({
  page,
}) => {
  await registerFresh(page, "askfarm");
  const res = await page.request.get("/api/products/popular?limit=8");
  const product = ((await res.json()) as Product[]).find((p) => p.inStock && p.caseSize === 1)!;
  const farm = (await (await page.request.get(`/api/farms/${product.farm.id}`)).json()) as {
    userId: number;
    farmName: string;
  };
  const chat = new RegExp(`/messages/${farm.userId}$`);
  const link = page.getByRole("link", { name: `Message the farm ${farm.farmName}` });

  await page.goto(`/products/${product.id}`);
  await link.click();
  await expect(page).toHaveURL(chat);
  await expect(page.getByRole("textbox").last()).toBeVisible();

  await page.goto(`/farms/${product.farm.id}`);
  await expect(link).toHaveAttribute("href", `/messages/${farm.userId}`);
  await auditPage(page, `/farms/${product.farm.id}`);

  await topUpByApi(page, 50);
  await orderByApi(page, product.farm.id, [{ productId: product.id, quantity: 1 }]);
  await page.goto("/orders");
  await page.getByRole("button", { name: "Track Delivery" }).first().click();
  const detail = page.getByTestId("order-detail");
  await detail.getByRole("link", { name: `Message the farm ${farm.farmName}` }).click();
  await expect(page).toHaveURL(chat);
});
