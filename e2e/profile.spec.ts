import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { newAccount, openProfileSection, runScript, skipUnlessPostgres } from "./support";

const FEATURES = [
  "Favorite Restaurants",
  "Special Offers and Promo",
  "Payment Methods",
  "Profile",
  "Language",
  "Accessibility",
];

test.describe("profile", () => {
  test("avatar initials, name, phone; Address, Business account, Notification and Security open their pages, the other items but Logout are coming soon; Logout signs out", async ({
    page,
  }) => {
    const a = newAccount("profile");
    const fullName = "Morgan Applewood";
    const res = await page.request.post("/api/register", {
      data: { ...a, fullName, phone: "250-555-0142", confirmPassword: a.password },
    });
    expect(res.status(), await res.text()).toBe(201);

    await page.goto("/profile");
    await expect(page.getByTestId("profile-name")).toHaveText(fullName);
    await expect(page.getByTestId("profile-phone")).toHaveText("250-555-0142");
    await expect(
      page.getByRole("region", { name: "Your profile" }).getByText("MA", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /Language/ })).toContainText("English (US)");
    expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);

    const menu = page.getByRole("navigation", { name: "Profile menu" });
    for (const feature of FEATURES) {
      await menu.getByRole("button", { name: new RegExp(`^${feature}`) }).click();
      const t = page
        .getByTestId("toast")
        .filter({ hasText: `The ${feature} option will be available soon` });
      await expect(t).toBeVisible();
      await expect(t).toContainText("Feature Coming Soon");
    }
    const links = [
      ["Address", "/profile/address"],
      ["Business account", "/profile/business"],
      ["Notification", "/profile/notifications"],
      ["Security", "/profile/security"],
    ];
    for (const [name, href] of links) {
      await expect(menu.getByRole("link", { name })).toHaveAttribute("href", href);
    }

    await menu.getByRole("button", { name: "Logout" }).click();
    await expect(
      page.getByTestId("toast").filter({ hasText: "Logged out successfully" }),
    ).toContainText("You have been logged out of your account");
    await expect(page).toHaveURL(/\/auth/);
    // Really signed out: the session is dead on the server.
    expect((await page.request.get("/api/user")).status()).toBe(401);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth/);
  });
});

test.describe("business account", () => {
  // Ops approve from the command line against the server's own database; the embedded PGlite
  // folder belongs to the running server alone, so this journey needs PostgreSQL (CI runs it there).
  skipUnlessPostgres("buyer:approve runs");

  test("a buyer applies from Profile, ops approve from the CLI, and the buyer sees restaurant prices by the case", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const a = newAccount("chef");
    const res = await page.request.post("/api/register", {
      data: { ...a, fullName: "Casey Chef", confirmPassword: a.password },
    });
    expect(res.status(), await res.text()).toBe(201);

    await openProfileSection(page, "Business account", /\/profile\/business$/);
    const form = page.getByRole("form", { name: "Apply for a business account" });
    await form.getByLabel("Company name").fill("Casey's Kitchen");
    await form.getByLabel("Business number").fill("123");
    await form.getByLabel("Business address").fill("100 Water St, Kelowna, BC");
    await form.getByLabel("Postal code").fill("V1Y 9P4");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(
      form.getByText("Enter your 9-digit business number, like 123456789 or 123456789 RT0001"),
    ).toBeVisible();
    await form.getByLabel("Business number").fill("123456789 RT0001");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("business-status")).toHaveAttribute("data-status", "pending");
    expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);

    const approve = runScript("scripts/buyer-approve.ts", "--", a.email);
    expect((await approve).stdout).toContain("now buys as Casey's Kitchen, a restaurant account.");

    await page.reload();
    await expect(page.getByTestId("business-status")).toHaveAttribute("data-status", "approved");
    // A product with a restaurant price and a case: the product page shows the restaurant's price by the case.
    const products = (await (await page.request.get("/api/products/popular?limit=20")).json()) as {
      id: number;
      name: string;
      priceLevel: string;
      caseSize: number;
    }[];
    const cased = products.find((p) => p.priceLevel === "restaurant" && p.caseSize > 1)!;
    expect(cased).toBeTruthy();
    await page.goto(`/products/${cased.id}`);
    await expect(page.getByTestId("price-level")).toContainText(
      `Restaurant price · sold by the case of ${cased.caseSize}`,
    );
    await page
      .getByRole("button", { name: `Add to cart: ${cased.name}` })
      .first()
      .click();
    await page.getByTestId("cart-button").first().click();
    // The stepper and the cart badge count cases; the line says how much that is.
    await expect(page.getByTestId("cart-quantity")).toHaveText("1 case");
    await expect(page.getByTestId("cart-count").first()).toHaveText("1");
    await expect(page.getByTestId("cart-cases")).toHaveText(
      new RegExp(`^1 case × ${cased.caseSize} \\S`),
    );
  });
});
