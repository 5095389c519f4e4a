import { expect, test } from "@playwright/test";
import { auditPage } from "./a11y";
import { registerFresh, signInSeeded, SEEDED_FARMERS, SEEDED_RESTAURANTS } from "./support";

/**
 * Reserved stock (docs/restaurants.md, "Reserved stock"): a restaurant's standing order holds a
 * product for its next Saturday; a shopper sees it out of stock while the farm sees it reserved,
 * and cancelling the standing order puts it back on sale. Each project makes its own product, so
 * the two projects never touch the same stock; Mission Kitchen is used by no other spec.
 */
const FARMER = SEEDED_FARMERS.daniel;
const CHEF = SEEDED_RESTAURANTS.james;

test("a standing order's hold: the shopper sees the product out of stock, the farm sees it reserved", async ({
  page,
}, testInfo) => {
  const name = `Reserved Radishes ${testInfo.project.name} ${Date.now().toString(36)}`;

  // The farmer lists 6 bunches.
  await signInSeeded(page, FARMER);
  const farm = (await (await page.request.get("/api/my-farm")).json()) as { id: number };
  const created = await page.request.post("/api/my-farm/products", {
    data: {
      name,
      description: "",
      price: 4,
      unit: "bunch",
      stock: 6,
      categoryId: null,
      isFeatured: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: number };

  // A restaurant orders all 6 every Saturday: its next Saturday is within the 7-day horizon.
  await page.context().clearCookies();
  await signInSeeded(page, CHEF);
  const standing = await page.request.post("/api/standing-orders", {
    data: {
      farmId: farm.id,
      items: [{ productId: product.id, quantity: 6 }],
      weekday: 6,
      kind: "pickup",
    },
  });
  expect(standing.status(), await standing.text()).toBe(201);
  const standingId = ((await standing.json()) as { id: number }).id;

  // A shopper sees it out of stock and cannot buy it.
  await page.context().clearCookies();
  await registerFresh(page, "reserve");
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("Out of Stock", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: `Out of stock: ${name}` }).first()).toBeDisabled();
  await auditPage(page, `/products/${product.id} (held)`);

  // The farm sees the 6 held and none free.
  await page.context().clearCookies();
  await signInSeeded(page, FARMER);
  const mine = (await (await page.request.get("/api/my-farm/products")).json()) as {
    id: number;
    stock: number;
    reserved: number;
    available: number;
  }[];
  expect(mine.find((p) => p.id === product.id)).toMatchObject({
    stock: 6,
    reserved: 6,
    available: 0,
  });
  await page.goto("/my-farm/products");
  const row = page.getByTestId("my-product").filter({ hasText: name });
  await expect(row.getByTestId("stock-count")).toHaveText("6 in stock");
  await expect(row.getByTestId("reserved")).toHaveText("6 reserved");
  await expect(row.getByTestId("free")).toHaveText("0 free");
  await auditPage(page, "/my-farm/products (reserved)");

  // Cancelling the standing order gives the hold back: the shopper can buy it again.
  await page.context().clearCookies();
  await signInSeeded(page, CHEF);
  expect((await page.request.delete(`/api/standing-orders/${standingId}`)).status()).toBe(200);
  await page.context().clearCookies();
  await registerFresh(page, "reserve");
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole("button", { name: `Add to cart: ${name}` }).first()).toBeEnabled();

  // Tidy up: the product leaves the catalog.
  await page.context().clearCookies();
  await signInSeeded(page, FARMER);
  await page.request.patch(`/api/my-farm/products/${product.id}`, { data: { isHidden: true } });
});
