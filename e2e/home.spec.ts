import { expect, test, type Page } from "@playwright/test";
import {
  collectScripts,
  createProductByApi,
  SEEDED_FARMERS,
  secondContext,
  showHomeSections,
  signIn,
  signInSeeded,
} from "./support";

type Product = { id: number; name: string; inStock: boolean; farm: { farmName: string } };
type Farm = { farmName: string };

const cardNames = (page: Page, section: string, kind = "product-card") =>
  page.getByTestId(`section-${section}`).getByTestId(kind).locator("h3").allTextContents();

/** The seeded "Craft Beer" category, as the API names it. */
async function craftBeer(page: Page) {
  const categories = (await (await page.request.get("/api/categories")).json()) as {
    id: number;
    name: string;
  }[];
  return categories.find((c) => c.name === "Craft Beer")!;
}

/** The names of a product list (eight, in the API's order), of one category or all. */
async function productNames(page: Page, list: "featured" | "popular", categoryId?: number) {
  const url = `/api/products/${list}?limit=8${categoryId ? `&categoryId=${categoryId}` : ""}`;
  return ((await (await page.request.get(url)).json()) as Product[]).map((p) => p.name);
}

/** Signs in as the demo shopper; the Craft Beer category and its featured product names. */
async function signInForCraftBeer(page: Page) {
  await signIn(page);
  const beer = await craftBeer(page);
  return { beer, beerFeatured: await productNames(page, "featured", beer.id) };
}

test.describe("home feed", () => {
  test("greets by first name and renders every section with seeded data", async ({ page }) => {
    await signIn(page);
    // Other tests add products while this runs (the farmer spec lists new ones), which can move
    // the recommendations: compare the page with the API read right after it, retrying as a pair.
    await expect(async () => {
      await page.goto("/home");
      await expect(page.getByTestId("section-recommended").getByTestId("product-card")).toHaveCount(
        4,
      );
      await showHomeSections(page);
      const [recommended, recFarms, featured, farms, popular] = await Promise.all(
        [
          "/api/products/recommended?limit=4",
          "/api/farms/recommended?limit=3",
          "/api/products/featured?limit=8",
          "/api/farms/featured?limit=3",
          "/api/products/popular?limit=8",
        ].map(async (u) => (await page.request.get(u)).json()),
      );
      expect(await cardNames(page, "recommended")).toEqual(
        (recommended as Product[]).map((p) => p.name),
      );
      await expect(
        page.getByTestId("section-farms-you-might-like").getByTestId("farm-card"),
      ).toHaveCount(3);
      expect(await cardNames(page, "farms-you-might-like", "farm-card")).toEqual(
        (recFarms as Farm[]).map((f) => f.farmName),
      );
      expect(await cardNames(page, "harvest")).toEqual((featured as Product[]).map((p) => p.name));
      expect(await cardNames(page, "featured-farmers", "farm-card")).toEqual(
        (farms as Farm[]).map((f) => f.farmName),
      );
      expect(await cardNames(page, "popular")).toEqual((popular as Product[]).map((p) => p.name));
    }).toPass({ timeout: 40_000 });
    await expect(page.getByRole("heading", { name: "Welcome back, Jordan" })).toBeVisible();
    await expect(page.getByText("Here are your personalized recommendations")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Fresh Seasonal Produce" })).toBeVisible();
    await expect(page.getByTestId("section-recommended").getByText("Personalized")).toBeVisible();

    // Farm cards: rating to one decimal, distance in miles to one decimal, ≤ 3 thumbnails + "+N".
    const farm = page.getByTestId("section-featured-farmers").getByTestId("farm-card").first();
    await expect(farm.getByTestId("farm-rating")).toHaveText(/^\d\.\d$/);
    await expect(farm.getByTestId("farm-distance")).toHaveText(/^\d+\.\d mi$/);
    expect(await farm.getByTestId("farm-thumb").count()).toBeLessThanOrEqual(3);
    await expect(farm.getByTestId("farm-more")).toHaveText(/^\+\d+$/);

    // Product badges follow docs/product.md: every popular card says Bestseller.
    await expect(
      page
        .getByTestId("section-popular")
        .getByTestId("product-card")
        .first()
        .getByTestId("product-badge"),
    ).toHaveText(/Bestseller|Out of Stock/);
  });

  test("Shop Now scrolls to the products; carousel buttons work from the keyboard", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/home");
    await page.getByRole("button", { name: "Shop Now" }).click();
    await expect(page.locator("#products")).toBeInViewport();
    await showHomeSections(page);
    const carousel = page.getByRole("group", { name: "This Week's Harvest", exact: true });
    const track = carousel.locator(".flex.touch-pan-y");
    const before = await track.evaluate((el) => getComputedStyle(el).transform);
    await carousel.getByRole("button", { name: "Next This Week's Harvest" }).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => track.evaluate((el) => getComputedStyle(el).transform))
      .not.toBe(before);
  });

  test("a category click toggles the filter and the product sections follow it", async ({
    page,
  }) => {
    const { beer, beerFeatured } = await signInForCraftBeer(page);
    const beerPopular = await productNames(page, "popular", beer.id);
    const allFeatured = await productNames(page, "featured");
    expect(beerFeatured.length).toBeGreaterThan(0);

    await page.goto("/home");
    await showHomeSections(page);
    const button = page.getByRole("button", { name: "Craft Beer" });
    await expect(button).toHaveAttribute("aria-pressed", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(new RegExp(`category=${beer.id}`));
    await expect.poll(() => cardNames(page, "harvest")).toEqual(beerFeatured);
    expect(await cardNames(page, "popular")).toEqual(beerPopular);

    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "false");
    await expect.poll(() => cardNames(page, "harvest")).toEqual(allFeatured);
  });

  test("a link to /home?category= opens the feed filtered and asks only for that category's product lists", async ({
    page,
  }) => {
    const { beer, beerFeatured } = await signInForCraftBeer(page);
    const productLists: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (/^\/api\/products\/(recommended|featured|popular)$/.test(url.pathname))
        productLists.push(url.pathname + url.search);
    });
    await page.goto(`/home?category=${beer.id}`);
    await showHomeSections(page);
    await expect(page.getByRole("button", { name: "Craft Beer" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(await cardNames(page, "harvest")).toEqual(beerFeatured);
    expect(productLists.length).toBeGreaterThanOrEqual(3);
    // The prerendered feed has no category; it waits for the URL instead of fetching the unfiltered lists first.
    for (const url of productLists) expect(url).toContain(`categoryId=${beer.id}`);
  });

  test("See All opens the full list", async ({ page }) => {
    await signIn(page);
    await page.goto("/home");
    await page.getByRole("link", { name: "See all: Recommended for You" }).click();
    await expect(page).toHaveURL(/\/home\/recommended$/);
    await expect(page.getByRole("heading", { name: "Recommended for You" })).toBeVisible();
    expect(await page.getByTestId("product-card").count()).toBeGreaterThan(4);
  });

  test("catalog cards prefetch their page when reached for, not when they scroll into view", async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.searchParams.has("_rsc") && /^\/(products|farms)\/\d+$/.test(url.pathname))
        asked.push(url.pathname);
    });
    await signIn(page);
    await page.goto("/home");
    await showHomeSections(page);
    await expect(page.getByTestId("section-popular").getByTestId("product-card")).toHaveCount(8);
    // Every card is on screen now; a viewport prefetch would have asked for their pages by now.
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);

    const card = page.getByTestId("section-popular").getByTestId("product-card").first();
    const link = card.locator("h3").getByRole("link");
    const href = (await link.getAttribute("href"))!;
    const name = (await link.textContent())!.trim();
    const prefetched = page.waitForRequest(
      (r) => new URL(r.url()).pathname === href && new URL(r.url()).searchParams.has("_rsc"),
    );
    await link.hover();
    await prefetched;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });

  test("the header's menu and dialogs are fetched when reached for, not with the page; nothing moves while the feed fills in", async ({
    page,
  }) => {
    const scripts = collectScripts(page);
    // Every layout shift of the load, as Lighthouse's CLS adds them up (none after an input).
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: number[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!e.hadRecentInput) w.__shifts.push(e.value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    const popularAsked: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/products/popular") popularAsked.push(r.url());
    });
    await signIn(page);
    await page.goto("/home");
    await expect(page.getByTestId("section-recommended").getByTestId("product-card")).toHaveCount(
      4,
    );
    await expect(page.getByTestId("category-grid").getByRole("button").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The placeholders of the category grid were once reused for the categories and moved (0.067).
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: number[] }).__shifts,
    );
    expect(
      shifts.reduce((a, b) => a + b, 0),
      `layout shifts ${JSON.stringify(shifts)}`,
    ).toBeLessThan(0.01);
    // The last section, far below the first screen, waits until someone scrolls towards it.
    expect(popularAsked, "the popular list was fetched before anyone scrolled").toEqual([]);
    await showHomeSections(page);
    await expect(page.getByTestId("section-popular").getByTestId("product-card")).toHaveCount(8);
    expect(popularAsked.length).toBeGreaterThan(0);
    // The dialogs' titles are in their own chunks: none of the page's scripts has them yet.
    const has = (text: string) => scripts.some((s) => s.includes(text));
    expect(has("Select your location"), "the location dialog's code").toBe(false);
    expect(has("Browse products"), "the cart sheet's code").toBe(false);

    const cart = page.getByTestId("cart-button").first();
    await cart.hover();
    await expect
      .poll(() => has("Browse products"), { message: "reaching for the cart fetches its sheet" })
      .toBe(true);
    await cart.click();
    const sheet = page.getByRole("dialog", { name: "Your cart" });
    await expect(sheet.getByText("Your cart is empty.")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);
    // Focus goes back to the button that opened it, as Radix's own trigger would have it.
    await expect(cart).toBeFocused();
  });

  test("header search finds seeded products by name and by farm", async ({ page }) => {
    await signIn(page);
    const [product] = (await (
      await page.request.get("/api/products/popular?limit=1")
    ).json()) as Product[];
    await page.goto("/home");
    const box = page.getByPlaceholder("Search local farm products...");
    await box.fill(product.name);
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(
      page.getByRole("heading", { name: `Results for “${product.name}”` }),
    ).toBeVisible();
    await expect(
      page.getByTestId("search-results").getByRole("link", { name: product.name, exact: true }),
    ).toBeVisible();

    await page.getByPlaceholder("Search local farm products...").fill(product.farm.farmName);
    await page.getByPlaceholder("Search local farm products...").press("Enter");
    await expect(
      page.getByTestId("search-results").getByText(product.farm.farmName).first(),
    ).toBeVisible();

    await page.goto("/search?q=zzqqxx");
    await expect(page.getByText("No products found")).toBeVisible();
  });

  test("product and farm pages are public, with their own metadata; out of stock cannot be added", async ({
    page,
    browser,
  }, testInfo) => {
    // The farm lists a product with none in stock; the visitor (this page) is never signed in.
    const farm = await secondContext(browser, testInfo);
    await signInSeeded(farm.page, SEEDED_FARMERS.tom);
    const name = `Sold-out squash ${testInfo.project.name} ${Date.now()}`;
    const id = await createProductByApi(farm.page, name, 4, { stock: 0 });
    await farm.context.close();
    const out = (await (await page.request.get(`/api/products/${id}`)).json()) as Product & {
      farmId: number;
    };
    expect(out.inStock).toBe(false);
    await page.goto(`/products/${out.id}`);
    await expect(page).toHaveTitle(new RegExp(out.name));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/products/${out.id}$`),
    );
    await expect(page.getByText("Out of Stock", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: `Out of stock: ${out.name}` })).toBeDisabled();

    await page.getByRole("link", { name: out.farm.farmName, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/farms/${out.farmId}$`));
    await expect(page).toHaveTitle(new RegExp(out.farm.farmName));
    await expect(page.getByRole("heading", { name: out.farm.farmName, level: 1 })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/farms/${out.farmId}$`),
    );
  });

  test("with the API down, one notice lists what failed and one Try again loads it all; what loaded stays", async ({
    page,
  }) => {
    await signIn(page);
    let failing = true;
    // Every list of the feed but the featured farms, which load and must stay.
    const failed =
      /\/api\/(categories|products\/(recommended|featured|popular)|farms\/recommended)(\?|$)/;
    await page.route(failed, (route) =>
      failing ? route.fulfill({ status: 503, json: {} }) : route.continue(),
    );
    await page.goto("/home");
    await showHomeSections(page);
    const main = page.getByRole("main");
    const notice = main.getByRole("alert");
    const messages = [
      "Failed to fetch categories",
      "Failed to fetch recommended products",
      "Failed to fetch recommended farms",
      "Failed to fetch featured products",
      "Failed to fetch popular products",
    ];
    await expect(notice.getByRole("listitem")).toHaveCount(messages.length);
    await expect(notice).toHaveCount(1);
    expect((await notice.getByRole("listitem").allTextContents()).sort()).toEqual(
      [...messages].sort(),
    );
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(1);
    await expect(page.getByTestId("section-featured-farmers").getByTestId("farm-card")).toHaveCount(
      3,
    );

    failing = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId("category-grid").getByRole("button").first()).toBeVisible();
    for (const id of ["recommended", "harvest", "popular"])
      await expect(
        page.getByTestId(`section-${id}`).getByTestId("product-card").first(),
      ).toBeVisible();
    await expect(
      page.getByTestId("section-farms-you-might-like").getByTestId("farm-card"),
    ).toHaveCount(3);
    await expect(page.getByTestId("section-featured-farmers").getByTestId("farm-card")).toHaveCount(
      3,
    );
  });
});
