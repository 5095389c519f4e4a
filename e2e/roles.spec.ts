import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./a11y";
import {
  DEMO,
  FARM_PASSWORD,
  SEEDED_FARMERS,
  SEEDED_RESTAURANTS,
  signIn,
  signInSeeded,
  STAFF,
} from "./support";

/**
 * Each role's own way in (docs/product.md): a farm lands on My Farm and has its own phone tabs; a
 * restaurant reaches Reorder, Standing orders and Invoices in one tap; My Farm's section tabs show
 * that they scroll. These only read, so the seeded farmers are shared with the specs that write.
 */
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
const mainNav = (page: Page) => page.getByTestId(isMobile(page) ? "tab-bar" : "nav-rail");

test("a farmer who signs in lands on My Farm and finds the farm's own tabs", async ({
  page,
}, testInfo) => {
  const farmer = testInfo.project.name === "desktop" ? SEEDED_FARMERS.evelyn : SEEDED_FARMERS.tom;
  await page.goto("/auth");
  await page.getByLabel("Email or username").fill(farmer.email);
  await page.getByLabel("Password", { exact: true }).fill(FARM_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/my-farm$/);
  await expect(page.locator("#main").getByText("My Farm", { exact: true })).toBeVisible();

  const nav = mainNav(page);
  if (isMobile(page)) {
    const tabs = nav.getByRole("link");
    await expect(tabs).toHaveText(["Today", "Pack", "Products", "Customers"]);
    await expect(nav.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("button", { name: "More" }).click();
    await expect(nav.getByRole("link")).toHaveText([
      "Today",
      "Pack",
      "Products",
      "Customers",
      "Home",
      "Orders",
      "Messages",
      "Wallet",
      "My Profile",
    ]);
    await expectNoAxeViolations(page, "farm tab bar with More open");
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Wallet" })).toHaveCount(0);
    await nav.getByRole("link", { name: "Pack" }).click();
    await expect(page).toHaveURL(/\/my-farm\/pack-list/);
    await expect(page.getByRole("heading", { name: /^Pack list/ })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Pack" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Today" })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
  } else {
    // My Farm is first on the rail and its name shows, not only a tractor icon.
    await expect(nav.locator("ul a").first()).toHaveAttribute("href", "/my-farm");
    await expect(nav.getByText("My Farm", { exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "My Farm" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoAxeViolations(page, "farm rail");
  }
});

test("/auth's Go to Dashboard takes a signed-in farmer to My Farm", async ({ page }, testInfo) => {
  const farmer = testInfo.project.name === "desktop" ? SEEDED_FARMERS.evelyn : SEEDED_FARMERS.tom;
  await signInSeeded(page, farmer);
  await page.goto("/auth");
  await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute(
    "href",
    "/my-farm",
  );
});

test("staff without two-step sign-in are asked to turn it on after signing in; Go to Dashboard goes to the ops console", async ({
  page,
}) => {
  await page.goto("/auth");
  await page.getByLabel("Email or username").fill(STAFF.email);
  await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
  await page.getByRole("button", { name: "Login" }).click();
  // The seeded staff account has not turned it on (README, "Demo account"): money actions wait.
  await expect(page).toHaveURL(/\/profile\/security#two-step$/);
  await expect(
    page.getByRole("region", { name: "Two-step sign-in" }).getByRole("status"),
  ).toContainText("Your account can move money");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await signIn(page, STAFF.email, STAFF.password);
  await page.goto("/auth");
  await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/ops");
});

test("My Farm's section tabs show that they scroll and keep the active tab in view", async ({
  page,
}, testInfo) => {
  const farmer = testInfo.project.name === "desktop" ? SEEDED_FARMERS.evelyn : SEEDED_FARMERS.tom;
  await signInSeeded(page, farmer);
  await page.goto("/my-farm/profile");
  const strip = page.getByRole("navigation", { name: "My Farm" });
  const active = strip.getByRole("link", { name: "Farm profile" });
  await expect(active).toHaveAttribute("aria-current", "page");
  // Flush with the edge: a fraction of a pixel may be cut off.
  await expect(active).toBeInViewport({ ratio: 0.95 });
  if (isMobile(page)) {
    // The last tab is in view, so the strip is scrolled: the fade is on its start, not its end.
    await expect(page.getByTestId("subnav-fade-start")).toBeVisible();
    await expect(page.getByTestId("subnav-fade-end")).toHaveCount(0);
    await page.goto("/my-farm");
    await expect(page.getByTestId("subnav-fade-end")).toBeVisible();
    await expect(page.getByTestId("subnav-fade-start")).toHaveCount(0);
  } else {
    await expect(page.getByTestId("subnav-fade-end")).toHaveCount(0);
  }
});

test("a restaurant reaches Reorder, Standing orders and Invoices in one tap", async ({ page }) => {
  await signInSeeded(page, SEEDED_RESTAURANTS.olivia);
  await page.goto("/home");
  const nav = mainNav(page);
  const link = (name: string) =>
    nav.getByRole("link", { name: isMobile(page) ? name.split(" ")[0] : name, exact: true });
  await expect(link("Reorder")).toBeVisible();
  await expectNoAxeViolations(page, "restaurant navigation");

  await link("Reorder").click();
  await expect(page).toHaveURL(/\/orders\?tab=completed$/);
  await expect(page.getByRole("tab", { name: "Completed" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await link("Standing orders").click();
  await expect(page).toHaveURL(/\/standing-orders$/);
  await expect(page.getByRole("heading", { name: "Standing orders", level: 1 })).toBeVisible();
  await link("Invoices").click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole("heading", { name: "Invoices", level: 1 })).toBeVisible();
  await expect(link("Invoices")).toHaveAttribute("aria-current", "page");
});

test("a shopper keeps the five tabs and lands on /home", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email or username").fill(DEMO.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(mainNav(page).locator("ul a")).toHaveCount(5);
});
