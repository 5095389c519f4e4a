import { expect, test, type Page } from "@playwright/test";
import { auditPage, expectNoAxeViolations, expectNoHorizontalOverflow } from "./a11y";
import {
  BUYER_PAGES,
  DEMO,
  registerFresh,
  SEEDED_FARMERS,
  showHomeSections,
  signIn,
  signInSeeded,
  FARMER,
} from "./support";

/**
 * Every route of docs/product.md and every page of the app, on both projects (desktop 1280×800, mobile
 * 390×844), signed out and signed in: the right content or redirect, and zero axe violations
 * (WCAG 2.0/2.1 A and AA) on the page, and with its dialogs and menus open.
 */
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
type Product = {
  id: number;
  name: string;
  inStock: boolean;
  farmId?: number;
  farm?: { id: number };
};

async function aProduct(page: Page) {
  const list = (await (
    await page.request.get("/api/products/search?q=apple&limit=10")
  ).json()) as Product[];
  const p = list.find((x) => x.inStock) ?? list[0];
  expect(p, "seeded apple products").toBeTruthy();
  return { id: p.id, farmId: p.farmId ?? p.farm?.id };
}

const PROTECTED = [
  ...BUYER_PAGES,
  "/messages/1",
  "/my-farm",
  "/standing-orders",
  "/invoices",
  "/my-farm/customers",
  "/my-farm/payouts",
  "/my-farm/reports",
  "/my-farm/hubs",
  "/my-hub",
];

test.describe("signed out", () => {
  // Each public page's h1, title and axe: e2e/marketing.spec.ts ("one h1, title, canonical…").

  test("/about and /pricing: placeholder pages with the site header", async ({ page }) => {
    for (const path of ["/about", "/pricing"]) {
      await page.goto(path);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    }
  });

  test("/auth opens on Login, /auth?tab=register on Register", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Sign in to Fieldfare" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
    await auditPage(page, "/auth");
    await page.goto("/auth?tab=register");
    await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByLabel("Confirm password")).toBeVisible();
    await auditPage(page, "/auth?tab=register");
  });

  test("every signed-in route redirects to /auth?next=…", async ({ page }) => {
    for (const path of PROTECTED) {
      await page.goto(path);
      await expect(page, path).toHaveURL(
        new RegExp(`/auth\\?next=${encodeURIComponent(path).replace(/%2F/g, "(/|%2F)")}$`),
      );
      await expect(page.getByRole("heading", { name: "Sign in to Fieldfare" })).toBeVisible();
    }
  });

  test("public catalog pages: search, product, farm — with a Login button", async ({ page }) => {
    const { id, farmId } = await aProduct(page);
    await page.goto("/search?q=apple");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “apple”");
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Login", exact: true }).first()).toHaveAttribute(
      "href",
      "/auth",
    );
    await auditPage(page, "/search?q=apple");

    await page.goto(`/products/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await auditPage(page, `/products/${id}`);

    await page.goto(`/farms/${farmId}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await auditPage(page, `/farms/${farmId}`);
  });

  test("unknown URLs get the spec's 404 page", async ({ page }) => {
    for (const path of ["/no-such-page", "/products/999999999", "/home/nope"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Look like you're lost" })).toBeVisible();
      await expect(page.getByText("The page you are looking for is not available!")).toBeVisible();
    }
    await auditPage(page, "404");
    await page.getByRole("link", { name: "Go to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("signed in as the demo shopper", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("/, /about, /pricing and /auth (already signed in)", async ({ page }) => {
    for (const path of ["/", "/about", "/pricing"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await auditPage(page, path);
    }
    await page.goto("/auth");
    await expect(page.getByText(`You're already signed in as ${DEMO.fullName}.`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute(
      "href",
      "/home",
    );
    await auditPage(page, "/auth signed in");
  });

  test("/home and its See All lists", async ({ page }) => {
    await page.goto("/home");
    await expect(
      page.getByRole("heading", { name: `Welcome back, ${DEMO.fullName.split(" ")[0]}` }),
    ).toBeVisible();
    await showHomeSections(page);
    await expect(
      page.getByTestId("section-popular").getByTestId("product-card").first(),
    ).toBeVisible();
    await auditPage(page, "/home");
    for (const [section, title] of [
      ["recommended", "Recommended for You"],
      ["harvest", "This Week's Harvest"],
      ["popular", "Popular with Restaurants"],
      ["farms", "Featured Farmers"],
    ]) {
      await page.goto(`/home/${section}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await auditPage(page, `/home/${section}`);
    }
  });

  test("/search, a product page and a farm page", async ({ page }) => {
    const { id, farmId } = await aProduct(page);
    await page.goto("/search?q=apple");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “apple”");
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await auditPage(page, "/search?q=apple");
    await page.goto(`/products/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: /to cart/i }).first()).toBeVisible();
    await auditPage(page, `/products/${id}`);
    await page.goto(`/farms/${farmId}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await auditPage(page, `/farms/${farmId}`);
  });

  test("/messages, /messages/new and /messages/{farmer id}", async ({
    page,
    playwright,
  }, testInfo) => {
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const login = await api.post("/api/login", {
      data: { username: FARMER.email, password: FARMER.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    const body = await login.json();
    const farmerId = (body.user ?? body).id as number;
    await api.dispose();

    await page.goto("/messages");
    await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Chats" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Loading conversations...")).toBeHidden();
    await auditPage(page, "/messages");

    await page.goto("/messages/new");
    await expect(page.getByPlaceholder("Search for farms or suppliers...")).toBeVisible();
    await expect(page.getByText("All Suppliers")).toBeVisible();
    await auditPage(page, "/messages/new");

    await page.goto(`/messages/${farmerId}`);
    await expect(page.getByRole("textbox", { name: /^Message / })).toBeVisible();
    await expect(page.getByRole("heading", { name: FARMER.fullName })).toBeVisible();
    await auditPage(page, `/messages/${farmerId}`);
  });

  test("/orders, /wallet, /profile, /profile/address, /profile/business", async ({ page }) => {
    await page.goto("/orders");
    await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
    for (const tab of ["Active", "Completed", "Cancelled"])
      await expect(page.getByRole("tab", { name: tab })).toBeVisible();
    await auditPage(page, "/orders");
    await page.goto("/wallet");
    await expect(page.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Transaction History" })).toBeVisible();
    await auditPage(page, "/wallet");
    await page.goto("/profile");
    await expect(page.getByTestId("profile-name")).toHaveText(DEMO.fullName);
    await auditPage(page, "/profile");
    await page.goto("/profile/address");
    await expect(page.getByRole("heading", { name: "Address", level: 1 })).toBeVisible();
    await expect(page.getByTestId("address").first()).toContainText("Default");
    await auditPage(page, "/profile/address");
    await page.goto("/profile/business");
    await expect(page.getByRole("heading", { name: "Business account", level: 1 })).toBeVisible();
    await expect(page.getByRole("form", { name: "Apply for a business account" })).toBeVisible();
    await auditPage(page, "/profile/business");
  });

  test("/checkout with an empty cart and with items", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page.getByTestId("checkout-empty")).toBeVisible();
    await expect(page.getByText("Your cart is empty")).toBeVisible();
    await auditPage(page, "/checkout (empty)");

    await page.goto("/home");
    await showHomeSections(page);
    const add = page
      .getByTestId("section-popular")
      .getByRole("button", { name: /^Add .* to cart$/ })
      .first();
    await add.click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.goto("/checkout");
    await expect(page.getByTestId("checkout-farm")).toHaveCount(1);
    await expect(page.getByText(/1 item from 1 farm/)).toBeVisible();
    // Audited once it has settled: the farm's times are in and the pay button is ready.
    await expect(page.getByTestId("checkout-pay")).toBeEnabled();
    await auditPage(page, "/checkout (1 item)");
  });

  test("/my-farm as a shopper explains farm accounts; no My Farm in the navigation", async ({
    page,
  }) => {
    await page.goto("/my-farm");
    await expect(
      page.getByRole("heading", { name: "This area is for farm accounts" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Selling on Fieldfare" })).toHaveAttribute(
      "href",
      "/features/farmers",
    );
    await auditPage(page, "/my-farm (shopper)");
    await expect(page.getByRole("link", { name: "My Farm" })).toHaveCount(0);
    await page.getByRole("button", { name: `Account menu for ${DEMO.fullName}` }).click();
    await expect(page.getByRole("menuitem", { name: "My Profile" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "My Farm" })).toHaveCount(0);
  });

  test("a 404 inside the app", async ({ page }) => {
    const res = await page.goto("/messages/not-a-number");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Look like you're lost" })).toBeVisible();
    await auditPage(page, "404 signed in");
  });

  test("dialogs and menus are axe-clean: location, cart sheet, user menu, top-up", async ({
    page,
  }) => {
    await page.goto("/home");
    await showHomeSections(page);
    await expect(
      page.getByTestId("section-popular").getByTestId("product-card").first(),
    ).toBeVisible();
    await page
      .getByTestId("section-popular")
      .getByRole("button", { name: /^Add .* to cart$/ })
      .first()
      .click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    await page.getByRole("button", { name: /change location/i }).click();
    await expect(page.getByRole("dialog", { name: "Select your location" })).toBeVisible();
    await expectNoAxeViolations(page, "location dialog");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    await page.getByRole("button", { name: "Cart, 1 item" }).click();
    await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
    await expectNoAxeViolations(page, "cart sheet");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    await page.getByRole("button", { name: `Account menu for ${DEMO.fullName}` }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoAxeViolations(page, "user menu");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();

    await page.goto("/wallet");
    await page.getByRole("button", { name: "Top Up" }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByLabel("Amount (USD)")).toBeVisible();
    await expectNoAxeViolations(page, "top-up dialog");
  });
});

test.describe("signed in as a farmer", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, FARMER.email, FARMER.password);
  });

  test("My Farm is reachable from the navigation, and its pages pass axe", async ({ page }) => {
    // Ten pages with an axe scan each: more than the default two minutes on a shared machine.
    test.setTimeout(240_000);
    await page.goto("/home");
    if (isMobile(page)) {
      // The farm's own tabs (Today is My Farm) and More; the user menu carries My Farm too.
      const tabs = page.getByTestId("tab-bar");
      await expect(tabs.getByRole("link")).toHaveText(["Today", "Pack", "Products", "Customers"]);
      await expect(tabs.getByRole("button", { name: "More" })).toBeVisible();
      await page.getByRole("button", { name: `Account menu for ${FARMER.fullName}` }).click();
      await expect(page.getByRole("menuitem", { name: "My Farm" })).toHaveAttribute(
        "href",
        "/my-farm",
      );
      await expectNoAxeViolations(page, "farmer user menu");
      await page.getByRole("menuitem", { name: "My Farm" }).click();
    } else {
      const rail = page.getByTestId("nav-rail");
      // My Farm leads the farmer's rail once /api/user has answered.
      await expect(rail.locator("ul a")).toHaveCount(6);
      const hrefs = await rail
        .locator("ul a")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual(["/my-farm", "/home", "/orders", "/messages", "/wallet", "/profile"]);
      await page.getByRole("button", { name: `Account menu for ${FARMER.fullName}` }).click();
      await expect(page.getByRole("menuitem", { name: "My Farm" })).toHaveAttribute(
        "href",
        "/my-farm",
      );
      await page.keyboard.press("Escape");
      await rail.getByRole("link", { name: "My Farm" }).click();
    }
    await expect(page).toHaveURL(/\/my-farm$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("#main").getByText("My Farm", { exact: true })).toBeVisible();
    if (!isMobile(page))
      await expect(
        page.getByTestId("nav-rail").getByRole("link", { name: "My Farm" }),
      ).toHaveAttribute("aria-current", "page");
    await auditPage(page, "/my-farm");
    for (const path of [
      "/my-farm/orders",
      "/my-farm/products",
      "/my-farm/products/new",
      "/my-farm/profile",
      "/my-farm/fulfilment",
      "/my-farm/pack-list",
      "/my-farm/customers",
      "/my-farm/hubs",
      "/my-farm/payouts",
      "/my-farm/reports",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await auditPage(page, path);
    }
  });
});

test("a real click on a chat-list row opens that chat (nothing covers the list)", async ({
  page,
  browser,
}, testInfo) => {
  // Its own people, so reading these chats changes no one else's unread counts. Long last messages:
  // they once widened the list past its pane, under the chat pane, which then took the clicks.
  const LONG =
    "Could you set aside two flats of the late-season strawberries and a case of the heirloom tomatoes for Saturday's market pickup, please?";
  // Two farms write to a fresh shopper who wrote to them first (a farm may answer; two shoppers could
  // not chat without a link). Farms of their own per project, used by no other spec.
  const me = await registerFresh(page, "rowclick");
  const farms =
    testInfo.project.name === "desktop"
      ? [SEEDED_FARMERS.kenji, SEEDED_FARMERS.sophie]
      : [SEEDED_FARMERS.claire, SEEDED_FARMERS.robert];
  for (const farm of farms) {
    const ctx = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const farmer = (await signInSeeded(await ctx.newPage(), farm)) as { id: number };
    const asked = await page.request.post("/api/messages", {
      data: { receiverId: farmer.id, content: "Hello!" },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const sent = await ctx.request.post("/api/messages", {
      data: { receiverId: me.user.id, content: `Hello from ${farm.fullName}! ${LONG}` },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await ctx.close();
  }
  await page.goto("/messages");
  const rows = page
    .getByRole("tabpanel", { name: "Chats" })
    .getByRole("link")
    .filter({ has: page.locator("time") });
  await expect(rows).toHaveCount(2);
  await expectNoHorizontalOverflow(page, "/messages with long last messages");
  const href = (await rows.first().getAttribute("href"))!;
  await rows.first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("textbox", { name: /^Message / })).toBeVisible();
  if (!isMobile(page)) {
    // The list stays beside the chat; a second row is clickable too and the active one is marked.
    await expect(rows.first()).toHaveAttribute("aria-current", "page");
    const next = (await rows.nth(1).getAttribute("href"))!;
    await rows.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`${next}$`));
    await expect(page.locator(`a[href="${next}"]`)).toHaveAttribute("aria-current", "page");
  }
});
