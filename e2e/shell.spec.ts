import { expect, test } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { DEMO, showHomeSections, signIn } from "./support";

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
