import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { rgbPng } from "../tests/support/png";
import {
  createProductByApi,
  forProject,
  orderByApi,
  registerFresh,
  secondContext,
  signInSeeded,
  topUpByApi,
} from "./support";

/** Seeded farmer accounts (prisma/seed-data/catalog.ts); one per project so runs never share a farm. */
const FARMERS = {
  desktop: { email: "margaret.chen@farms.fieldfare.app", fullName: "Margaret Chen" },
  mobile: { email: "daniel.okafor@farms.fieldfare.app", fullName: "Daniel Okafor" },
} as const;
/** Farms for the fresh-dashboard test, again one per project. */
const DASHBOARD_FARMERS = {
  desktop: { email: "grace.kowalski@farms.fieldfare.app" },
  mobile: { email: "nadia.haddad@farms.fieldfare.app" },
} as const;
/** The listing test's farms: shared with the dashboard test only, both selling without windows. */
const LISTING_FARMERS = {
  desktop: { email: "grace.kowalski@farms.fieldfare.app", fullName: "Grace Kowalski" },
  mobile: { email: "nadia.haddad@farms.fieldfare.app", fullName: "Nadia Haddad" },
} as const;

/**
 * The signed-in farm sells without windows, so its orders can be completed at once: an order with
 * a slot cannot be completed before the slot starts (docs/fulfilment.md).
 */
async function sellWithoutWindows(page: Page) {
  const settings = (await (await page.request.get("/api/my-farm/fulfilment")).json()) as {
    timeZone: string;
  };
  const cleared = await page.request.put("/api/my-farm/fulfilment", {
    data: {
      timeZone: settings.timeZone,
      minimumOrder: 0,
      pickupPoints: [],
      deliveryZones: [],
      windows: [],
    },
  });
  expect(cleared.status(), await cleared.text()).toBe(200);
}

const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });
const axe = async (page: Page) =>
  expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);

/** A small green square (8×8). */
const png = () => rgbPng(8, 8, () => [0x2f, 0x85, 0x5a]);

test.describe("farmer", () => {
  test("a farmer lists a product, a shopper buys it, the farmer completes the order, the shopper sees it Completed and gets the message", async ({
    page,
    browser,
  }, testInfo) => {
    // Two people, nine screens and several axe scans: longer than the default minute on a shared machine.
    test.setTimeout(240_000);
    const farmer = forProject(LISTING_FARMERS, testInfo);
    const productName = `Sungold Tomatoes ${Date.now().toString(36)}`;

    // --- Farmer: My Farm, farm picture, new product --------------------------------------
    await signInSeeded(page, farmer);
    await sellWithoutWindows(page);
    const farm = (await (await page.request.get("/api/my-farm")).json()) as {
      id: number;
      farmName: string;
    };
    // The seeded farm has a minimum order and the shopper below buys one pint: the farm takes any amount.
    const settings = (await (await page.request.get("/api/my-farm/fulfilment")).json()) as Record<
      string,
      unknown
    >;
    const noMinimum = await page.request.put("/api/my-farm/fulfilment", {
      data: { ...settings, minimumOrder: 0 },
    });
    expect(noMinimum.status(), await noMinimum.text()).toBe(200);
    await page.goto("/my-farm/orders");
    await expect(page.getByRole("heading", { level: 1, name: farm.farmName })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "My Farm" })).toBeVisible();
    await expect(
      page.getByRole("img", { name: "Sales per day over the last 7 days" }),
    ).toBeVisible();
    await axe(page);

    await page.getByRole("link", { name: "Farm profile" }).click();
    await expect(page).toHaveURL(/\/my-farm\/profile$/);
    await page
      .getByLabel("Farm picture")
      .setInputFiles({ name: "farm.png", mimeType: "image/png", buffer: png() });
    await expect(toast(page, "Image uploaded")).toBeVisible();
    const src = await page.getByTestId("image-preview").getAttribute("src");
    expect(src).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    // The real response keeps the sandbox CSP (the site-wide header rule once replaced it).
    const served = await page.request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    await page.getByLabel("Farm picture").setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("definitely not a picture"),
    });
    await expect(toast(page, "Upload failed")).toBeVisible();
    await expect(
      page.getByRole("alert").filter({ hasText: "Upload a PNG, JPEG, WebP or GIF image" }),
    ).toBeVisible();
    await axe(page);

    // The section tab (on phones the farm's tab bar has a Products tab too).
    await page
      .getByRole("navigation", { name: "My Farm" })
      .getByRole("link", { name: "Products" })
      .click();
    await page.getByRole("link", { name: "Add product" }).click();
    await expect(page).toHaveURL(/\/my-farm\/products\/new$/);
    await page.getByRole("button", { name: "Add product" }).click();
    await expect(page.getByText("Product name is required")).toBeVisible();
    await axe(page);
    await page.getByLabel("Product name").fill(productName);
    await page
      .getByLabel("Description (Optional)")
      .fill("Sweet orange cherry tomatoes, picked this morning.");
    await page.getByLabel("Price (USD)").fill("6.25");
    await page.getByLabel("Unit").fill("pint");
    await page.getByLabel("Stock").fill("3");
    await page.getByLabel("Category").selectOption({ index: 1 });
    await page.getByLabel(/^Featured/).check();
    await page.getByRole("button", { name: "Add product" }).click();
    await expect(toast(page, "Product added")).toBeVisible();
    await expect(page).toHaveURL(/\/my-farm\/products$/);
    const row = page.getByTestId("my-product").filter({ hasText: productName });
    await expect(row).toContainText("$6.25 / pint");
    await expect(row.getByTestId("stock-count")).toHaveText("3 in stock");

    // The public farm page shows the picture (served with a fixed type) and the new product.
    await page.goto(`/farms/${farm.id}`);
    await expect(page.getByRole("heading", { level: 1, name: farm.farmName })).toBeVisible();
    const hero = page.locator(`img[src="${src}"]`);
    await expect(hero).toHaveCount(1);
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
      8,
    );
    await expect(page.getByText(productName).first()).toBeVisible();

    // --- Shopper: buys it ------------------------------------------------------------------
    const shopper = await secondContext(browser, testInfo);
    const buyer = await registerFresh(shopper.page, "buyer");
    await topUpByApi(shopper.page, 50);
    const found = (await (
      await shopper.page.request.get(`/api/products/search?q=${encodeURIComponent(productName)}`)
    ).json()) as { id: number; name: string }[];
    const product = found.find((p) => p.name === productName)!;
    expect(product).toBeTruthy();

    // A shopper has no My Farm.
    await shopper.page.goto("/my-farm");
    await expect(
      shopper.page.getByRole("heading", { name: "This area is for farm accounts" }),
    ).toBeVisible();
    expect((await shopper.page.request.get("/api/my-farm/products")).status()).toBe(403);

    await shopper.page.goto(`/products/${product.id}`);
    await shopper.page
      .getByRole("button", { name: `Add to cart: ${productName}` })
      .first()
      .click();
    await expect(toast(shopper.page, "Added to Cart")).toBeVisible();
    await shopper.page.getByTestId("cart-button").first().click();
    await shopper.page.getByRole("link", { name: "Checkout" }).click();
    await expect(shopper.page).toHaveURL(/\/checkout$/);
    await shopper.page.getByTestId("checkout-pay").click();
    await expect(toast(shopper.page, "Order Placed")).toBeVisible();
    await expect(shopper.page).toHaveURL(/\/orders$/);

    // --- Farmer: sees and completes the order ------------------------------------------
    await page.goto("/my-farm/orders");
    const incoming = page
      .getByTestId("incoming-order")
      .filter({ hasText: buyer.fullName })
      .filter({ hasText: productName });
    await expect(incoming).toHaveCount(1);
    await expect(incoming).toContainText(`1 × ${productName}`);
    await expect(incoming).toContainText("$6.25");
    await expect(incoming).not.toContainText(buyer.email);
    const orderId = Number((await incoming.getByRole("heading").textContent())!.replace(/\D/g, ""));
    await axe(page);
    await incoming.getByRole("button", { name: `Mark completed order #${orderId}` }).click();
    await expect(toast(page, "Order completed")).toBeVisible();
    await expect(incoming).toHaveCount(0);
    await expect(page.getByTestId("sales-total")).not.toHaveText("$0.00");
    // The product list shows what is left.
    await page.goto("/my-farm/products");
    await expect(page.getByTestId("my-product").filter({ hasText: productName })).toContainText(
      "2 in stock",
    );

    // --- Shopper: Completed tab and the farmer's message ----------------------------------
    await shopper.page.goto("/orders");
    await shopper.page.getByRole("tab", { name: "Completed" }).click();
    const completed = shopper.page
      .getByRole("tabpanel", { name: "Completed" })
      .locator(`[data-order-id="${orderId}"]`);
    await expect(completed).toBeVisible();
    await expect(completed.getByTestId("order-farm")).toHaveText(farm.farmName);
    await expect(completed.getByTestId("order-badge")).toHaveText("Completed");

    const text = `Your order #${orderId} from ${farm.farmName} is ready and has been marked completed.`;
    await shopper.page.goto("/messages");
    const chat = shopper.page.getByRole("link", { name: new RegExp(farmer.fullName) });
    await expect(chat).toContainText(`Your order #${orderId}`);
    // Open the conversation by its link's address (the chat list's own click behaviour is messages.spec's subject).
    await shopper.page.goto((await chat.getAttribute("href"))!);
    await expect(shopper.page.getByRole("log").getByText(text, { exact: false })).toBeVisible();
    await shopper.context.close();
  });

  test("hiding a product takes it out of the catalog and unhiding brings it back", async ({
    page,
  }, testInfo) => {
    const farmer = forProject(FARMERS, testInfo);
    await signInSeeded(page, farmer);
    const name = `Hidden Kohlrabi ${Date.now().toString(36)}`;
    const created = await page.request.post("/api/my-farm/products", {
      data: {
        name,
        description: "",
        price: 2.5,
        unit: "each",
        stock: 4,
        categoryId: null,
        isFeatured: false,
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await page.goto("/my-farm/products");
    const row = page.getByTestId("my-product").filter({ hasText: name });
    await row.getByRole("button", { name: `Hide ${name}` }).click();
    await expect(toast(page, "Product hidden")).toBeVisible();
    await expect(row.getByText("Hidden", { exact: true })).toBeVisible();
    expect((await page.request.get(`/api/products/${id}`)).status()).toBe(404);
    const search = (await (
      await page.request.get(`/api/products/search?q=${encodeURIComponent(name)}`)
    ).json()) as unknown[];
    expect(search).toEqual([]);

    await row.getByRole("button", { name: `Show ${name}` }).click();
    await expect(toast(page, "Product visible")).toBeVisible();
    expect((await page.request.get(`/api/products/${id}`)).status()).toBe(200);
  });

  test("the dashboard shows fresh data after every action: what changed elsewhere appears with the action's own result", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const farmer = forProject(DASHBOARD_FARMERS, testInfo);
    await signInSeeded(page, farmer);
    const tag = Date.now().toString(36);
    const make = (name: string) => createProductByApi(page, name, 3, { unit: "bunch", stock: 20 });
    const farmId = ((await (await page.request.get("/api/my-farm")).json()) as { id: number }).id;
    await sellWithoutWindows(page);
    const chardId = await make(`Rainbow Chard ${tag}`);
    const leekId = await make(`Winter Leeks ${tag}`);

    // Products: another tab renames the leeks; hiding the chard here must bring that rename along.
    await page.goto("/my-farm/products");
    const chard = page.getByTestId("my-product").filter({ hasText: `Rainbow Chard ${tag}` });
    await expect(chard).toBeVisible();
    const renamed = await page.request.patch(`/api/my-farm/products/${leekId}`, {
      data: { name: `Leeks, Renamed ${tag}` },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);
    await chard.getByRole("button", { name: `Hide Rainbow Chard ${tag}` }).click();
    await expect(toast(page, "Product hidden")).toBeVisible();
    await expect(chard.getByText("Hidden", { exact: true })).toBeVisible();
    await expect(
      page.getByTestId("my-product").filter({ hasText: `Leeks, Renamed ${tag}` }),
    ).toBeVisible();

    // Orders: two buyers order; while the farmer completes the first, the second arrives.
    const buyers = await Promise.all([
      secondContext(browser, testInfo),
      secondContext(browser, testInfo),
    ]);
    const order = async (b: (typeof buyers)[number]) => {
      await registerFresh(b.page, "fresh");
      await topUpByApi(b.page, 20);
      return (await orderByApi(b.page, farmId, [{ productId: leekId, quantity: 1 }])).orders[0].id;
    };
    const first = await order(buyers[0]);
    await page.goto("/my-farm/orders");
    const card = (id: number) =>
      page
        .getByTestId("incoming-order")
        .filter({ has: page.getByRole("heading", { name: `Order #${id}`, exact: true }) });
    await expect(card(first)).toBeVisible();
    const second = await order(buyers[1]);
    await card(first)
      .getByRole("button", { name: /Mark completed/ })
      .click();
    await expect(toast(page, "Order completed")).toBeVisible();
    await expect(card(first)).toHaveCount(0);
    await expect(card(second)).toBeVisible();
    await Promise.all(buyers.map((b) => b.context.close()));
    await page.request.patch(`/api/my-farm/products/${chardId}`, { data: { isHidden: false } });
  });
});
