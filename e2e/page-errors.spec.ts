import { expect, test, type Page } from "@playwright/test";
import { orderByApi, registerFresh, SEEDED_FARMERS, signInSeeded, topUpByApi } from "./support";

/**
 * No signed-in page throws in the browser: a React hydration error (#418: the server's text and
 * the browser's first render differ, e.g. a date or time formatted in the machine's own zone or
 * locale) or any other uncaught error or console error fails the test. The browser runs in a zone
 * and locale far from the server's on purpose, so anything formatted "locally" shows up.
 */
test.use({ timezoneId: "Asia/Tokyo", locale: "de-DE" });

type Product = { id: number; inStock: boolean; farmId?: number; farm?: { id: number } };

function watch(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console.error: ${m.text()} (${m.location().url})`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return errors;
}

/** Loaded, hydrated and idle: the load event, then two idle callbacks (React hydrates in tasks). */
async function settle(page: Page) {
  await page.waitForLoadState("load");
  for (let i = 0; i < 2; i++)
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 5000 })),
    );
}

async function visitAll(page: Page, paths: string[]) {
  const errors = watch(page);
  for (const path of paths) {
    const before = errors.length;
    const res = await page.goto(path);
    expect(res?.status(), path).toBeLessThan(400);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await settle(page);
    if (errors.length > before) errors.splice(before, 0, `--- ${path}`);
  }
  expect(errors).toEqual([]);
}

test("every shopper page hydrates without an error (wallet with history, orders, messages)", async ({
  page,
}) => {
  const me = await registerFresh(page, "hydrate");
  // A wallet with a top-up and an order gives the wallet, orders and messages pages dated rows.
  await topUpByApi(page, 40);
  const products = (await (
    await page.request.get("/api/products/search?q=apple&limit=10")
  ).json()) as Product[];
  const product = products.find((p) => p.inStock)!;
  const farmId = product.farmId ?? product.farm!.id;
  await orderByApi(page, farmId, [{ productId: product.id, quantity: 1 }]);
  const farmerUserId = (
    (await (await page.request.get(`/api/farms/${farmId}`)).json()) as { userId: number }
  ).userId;
  expect(
    (
      await page.request.post("/api/messages", {
        data: { receiverId: farmerUserId, content: "Hello! Are the apples crisp?" },
      })
    ).status(),
  ).toBe(201);
  expect(me.user.id).toBeGreaterThan(0);

  await visitAll(page, [
    "/wallet",
    "/home",
    "/home/recommended",
    "/home/harvest",
    "/home/popular",
    "/home/farms",
    "/search?q=apple",
    `/products/${product.id}`,
    `/farms/${farmId}`,
    "/orders",
    "/messages",
    "/messages/new",
    `/messages/${farmerUserId}`,
    "/profile",
    "/checkout",
  ]);
});

test("every farmer page hydrates without an error", async ({ page }, testInfo) => {
  const farmer = testInfo.project.name === "mobile" ? SEEDED_FARMERS.marcus : SEEDED_FARMERS.robert;
  await signInSeeded(page, farmer);
  const products = (await (await page.request.get("/api/my-farm/products")).json()) as {
    id: number;
  }[];
  await visitAll(page, [
    "/my-farm",
    "/my-farm/profile",
    "/my-farm/products",
    "/my-farm/products/new",
    ...(products[0] ? [`/my-farm/products/${products[0].id}`] : []),
    "/wallet",
    "/orders",
    "/messages",
  ]);
});

test("a control character in a search (the page and the API) is an answer, not a 500", async ({
  page,
}) => {
  const errors = watch(page);
  const res = await page.goto("/search?q=a%00b");
  expect(res?.status()).toBe(200);
  // The query is refused, so the page shows the plain catalogue.
  await expect(
    page.getByRole("heading", { level: 1, name: "Browse local farm products" }),
  ).toBeVisible();
  await settle(page);
  expect(errors).toEqual([]);
  const api = await page.request.get("/api/products/search?q=a%00b");
  expect(api.status()).toBe(400);
  expect(await api.json()).toEqual({
    message: "Search text must not contain control characters",
    code: "validation",
    errors: { q: "Search text must not contain control characters" },
  });
});
