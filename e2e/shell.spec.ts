import { expect, test, type Locator, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { animationsDone } from "./a11y";
import {
  DEMO,
  registerFresh,
  SEEDED_RESTAURANTS,
  showHomeSections,
  signIn,
  signInSeeded,
} from "./support";

const NAV = ["/home", "/orders", "/messages", "/wallet", "/profile"];

test.describe("signed-in shell", () => {
  test("rail at ≥768 px, bottom tab bar below it", async ({ page }, testInfo) => {
    await signIn(page);
    await page.goto("/home");
    const rail = page.getByTestId("nav-rail");
    const tabs = page.getByTestId("tab-bar");
    if (testInfo.project.name === "mobile") {
      await expect(rail).toBeHidden();
      await expect(tabs).toBeVisible();
      for (const [label, href] of [
        ["Home", "/home"],
        ["Orders", "/orders"],
        ["Chat", "/messages"],
        ["Wallet", "/wallet"],
        ["Profile", "/profile"],
      ]) {
        await expect(tabs.getByRole("link", { name: label, exact: true })).toHaveAttribute(
          "href",
          href,
        );
      }
      await expect(tabs.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
    } else {
      await expect(tabs).toBeHidden();
      await expect(rail).toBeVisible();
      const hrefs = await rail
        .locator("ul a")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual(NAV);
      await expect(rail.getByRole("link", { name: "Messages" })).toBeVisible();
      await expect(rail.getByRole("link", { name: "My Profile" })).toBeVisible();
      // Tooltip: appears after the 700 ms delay on hover.
      await rail.getByRole("link", { name: "Orders" }).hover();
      await expect(page.getByRole("tooltip", { name: "Orders" })).toBeVisible();
    }
  });

  test("header: search box, real badge counts and the user menu with logout", async ({ page }) => {
    await signIn(page);
    const unread = (await (await page.request.get("/api/messages/unread")).json()).count as number;
    await page.goto("/home");
    await expect(page.getByPlaceholder("Search local farm products...")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cart, 0 items" })).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    await expect(page.getByRole("link", { name: `Messages, ${unread} unread` })).toBeVisible();
    await expect(page.getByTestId("messages-count")).toHaveText(String(unread));

    await page.getByRole("button", { name: `Account menu for ${DEMO.fullName}` }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByText(DEMO.fullName)).toBeVisible();
    await expect(menu.getByText(DEMO.email)).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "My Profile" })).toHaveAttribute(
      "href",
      "/profile",
    );
    await menu.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page.getByTestId("toast").getByText("Logged out successfully")).toBeVisible();
    await expect(
      page.getByTestId("toast").getByText("You have been logged out of your account"),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    // The session is dead on the server too.
    expect((await page.request.get("/api/user")).status()).toBe(401);
  });

  test("visitors see a Login button, zero counts and a welcome text on public pages", async ({
    page,
  }) => {
    await page.goto("/search");
    await expect(page.getByRole("heading", { name: "Welcome to Fieldfare" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login", exact: true }).first()).toHaveAttribute(
      "href",
      "/auth",
    );
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    await expect(page.getByTestId("messages-count")).toHaveText("0");
    await expect(page.getByRole("button", { name: /Account menu/ })).toHaveCount(0);
  });

  test("location dialog: filter, no match, suggestion, current location, persists across reloads", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/home");
    await expect(page.getByTestId("current-location")).toHaveText("UBC Okanagan");
    await page.getByRole("button", { name: /change location/i }).click();
    const dialog = page.getByRole("dialog", { name: "Select your location" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img", { name: "Map view" })).toBeVisible();
    await expect(dialog.getByText("Suggested locations")).toBeVisible();
    const options = dialog.getByRole("listitem");
    await expect(options).toHaveText([
      "UBC Okanagan",
      "Downtown Kelowna",
      "West Kelowna",
      "Mission District",
      "Rutland",
      "Lake Country",
    ]);

    const search = dialog.getByLabel("Search locations");
    await search.fill("KELOWNA");
    await expect(options).toHaveText(["Downtown Kelowna", "West Kelowna"]);
    await search.fill("Vernon");
    await expect(dialog.getByText("No locations found matching Vernon")).toBeVisible();
    await search.fill("west");
    await dialog.getByRole("button", { name: "West Kelowna" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("toast").getByText("Location updated")).toBeVisible();
    await expect(
      page.getByTestId("toast").getByText("Your location has been set to West Kelowna"),
    ).toBeVisible();
    await expect(page.getByTestId("current-location")).toHaveText("West Kelowna");

    await page.reload();
    await expect(page.getByTestId("current-location")).toHaveText("West Kelowna");

    await page.getByRole("button", { name: /change location/i }).click();
    await page.getByRole("button", { name: "Use my current location" }).click();
    await expect(page.getByTestId("toast").getByText("Using current location")).toBeVisible();
    await expect(page.getByTestId("current-location")).toHaveText("Current Location (Kelowna)");
  });

  test("the home page passes axe", async ({ page }) => {
    await signIn(page);
    await page.goto("/home");
    await showHomeSections(page);
    await expect(
      page.getByTestId("section-popular").getByTestId("product-card").first(),
    ).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  });
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The element really under the middle of `target` is it (or inside it): nothing covers it. */
async function uncovered(target: Locator) {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });
}

test("a toast covers nothing the user needs: not the header, cart or search, nor the cart's Checkout", async ({
  page,
}, testInfo) => {
  await registerFresh(page, "toasts");
  await page.goto("/search?q=apple");
  const adds = page.locator("main").getByRole("button", { name: /^Add .* to cart$/ });
  await adds.nth(0).click();
  const toast = page.getByTestId("toast").filter({ hasText: "Added to Cart" });
  await expect(toast).toBeVisible();
  await animationsDone(page);
  const shown = (await toast.boundingBox())!;
  const header = page.getByRole("banner");
  for (const needed of [
    page.getByRole("button", { name: /^Cart, / }),
    page.getByPlaceholder("Search local farm products..."),
    ...(testInfo.project.name === "mobile" ? [page.getByTestId("tab-bar")] : []),
  ]) {
    expect(overlaps(shown, (await needed.boundingBox())!), await needed.innerHTML()).toBe(false);
  }
  expect(overlaps(shown, (await header.boundingBox())!)).toBe(false);

  // With the cart open, a toast raised there (removing a line) leaves Checkout in reach.
  await adds.nth(1).click();
  await page.getByRole("button", { name: /^Cart, / }).click();
  const sheet = page.getByRole("dialog");
  await sheet
    .getByRole("button", { name: /^Remove .* from cart$/ })
    .first()
    .click();
  const removed = page.getByTestId("toast").filter({ hasText: "Removed from Cart" });
  await expect(removed).toBeVisible();
  await animationsDone(page);
  const checkout = sheet.getByRole("link", { name: "Checkout" });
  expect(overlaps((await removed.boundingBox())!, (await checkout.boundingBox())!)).toBe(false);
  expect(await uncovered(checkout)).toBe(true);
  // And the sheet's close button, top right.
  expect(await uncovered(sheet.getByRole("button", { name: "Close" }).first())).toBe(true);
});

test("the rail highlights one item: Orders on /orders, Reorder on its Completed tab @desktop-only", async ({
  page,
}) => {
  await signInSeeded(page, SEEDED_RESTAURANTS.james);
  const rail = page.getByTestId("nav-rail");
  const current = rail.locator('[aria-current="page"]');
  await page.goto("/orders");
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName("Orders");
  await rail.getByRole("link", { name: "Reorder" }).click();
  await expect(page).toHaveURL(/\/orders\?tab=completed$/);
  await expect(page.getByRole("tab", { name: "Completed" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName("Reorder");
  // Choosing a tab moves the address, and the highlight with it.
  await page.getByRole("tab", { name: "Active" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(current).toHaveAccessibleName("Orders");
});

/** The link of the shell's navigation (the rail on a laptop, the tab bar on a phone) to `href`. */
const navLink = (page: Page, href: string) => page.locator(`nav a[href="${href}"]:visible`).first();

test("the search box keeps the query on its results page and empties on another page", async ({
  page,
}) => {
  await signIn(page);
  const [product] = (await (await page.request.get("/api/products/popular?limit=1")).json()) as {
    name: string;
  }[];
  await page.goto("/home");
  const box = page.getByPlaceholder("Search local farm products...");
  await box.fill(product.name);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Results for “${product.name}”`);
  await expect(box).toHaveValue(product.name);
  // A category chip keeps the query in the address, and in the box.
  await page
    .getByRole("navigation", { name: "Filter by category" })
    .getByRole("link")
    .nth(1)
    .click();
  await expect(page).toHaveURL(/category=/);
  await expect(box).toHaveValue(product.name);
  await navLink(page, "/home").click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(box).toHaveValue("");
});

test("after a client navigation focus is on the new page's heading", async ({ page }) => {
  await signIn(page);
  await page.goto("/home");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Jordan" })).toBeVisible();
  // The first load leaves focus where the browser puts it.
  await expect(page.locator("body")).toBeFocused();
  const heading = page.getByRole("main").locator("h1").first();
  for (const [href, name] of [
    ["/orders", "Orders"],
    ["/wallet", /Wallet/],
    ["/messages", "Messages"],
    ["/home", "Welcome back, Jordan"],
  ] as const) {
    await navLink(page, href).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(heading).toHaveText(name);
    await expect(heading).toBeFocused();
  }
  // A link inside the page, which the new page replaces: a product card's name.
  const link = page
    .getByTestId("section-recommended")
    .getByTestId("product-card")
    .first()
    .locator("h3 a");
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeFocused();
});
