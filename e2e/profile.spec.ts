import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { newAccount } from "./support";

const FEATURES = ["Favorite Restaurants", "Special Offers and Promo", "Payment Methods", "Profile", "Notification", "Security", "Language", "Accessibility"];

test.describe("profile", () => {
  test("avatar initials, name, phone; Address opens the address book, the other items but Logout are coming soon; Logout signs out", async ({ page }) => {
    const a = newAccount("profile");
    const fullName = "Morgan Applewood";
    const res = await page.request.post("/api/register", { data: { ...a, fullName, phone: "250-555-0142", confirmPassword: a.password } });
    expect(res.status(), await res.text()).toBe(201);

    await page.goto("/profile");
    await expect(page.getByTestId("profile-name")).toHaveText(fullName);
    await expect(page.getByTestId("profile-phone")).toHaveText("250-555-0142");
    await expect(page.getByRole("region", { name: "Your profile" }).getByText("MA", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /Language/ })).toContainText("English (US)");
    expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);

    const menu = page.getByRole("navigation", { name: "Profile menu" });
    for (const feature of FEATURES) {
      await menu.getByRole("button", { name: new RegExp(`^${feature}`) }).click();
      const t = page.getByTestId("toast").filter({ hasText: `The ${feature} option will be available soon` });
      await expect(t).toBeVisible();
      await expect(t).toContainText("Feature Coming Soon");
    }
    await expect(menu.getByRole("link", { name: "Address" })).toHaveAttribute("href", "/profile/address");

    await menu.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Logged out successfully" })).toContainText("You have been logged out of your account");
    await expect(page).toHaveURL(/\/auth/);
    // Really signed out: the session is dead on the server.
    expect((await page.request.get("/api/user")).status()).toBe(401);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth/);
  });
});
