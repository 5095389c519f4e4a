import { expect, test } from "@playwright/test";
import { DEMO, newAccount, registerFresh } from "./support";

test.describe("auth page", () => {
  test("register, sign out, then log in by email and by username — the password never reaches the console", async ({
    page,
  }) => {
    const account = newAccount("auth");
    const consoleText: string[] = [];
    page.on("console", (m) => consoleText.push(m.text()));

    await page.goto("/auth?tab=register");
    await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.getByLabel("Full name").fill(account.fullName);
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByLabel("Username (Optional)").fill(account.username);
    await expect(page.getByLabel("Phone (Optional)")).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByLabel("Confirm password").fill(account.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByTestId("toast").getByText("Registration successful")).toBeVisible();
    await expect(
      page.getByTestId("toast").getByText(`Welcome to Fieldfare, ${account.fullName}!`),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);

    await page.goto("/auth");
    await expect(page.getByText(`You're already signed in as ${account.fullName}.`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute(
      "href",
      "/home",
    );
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByTestId("toast").getByText("Logged out successfully")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Login" })).toBeVisible();

    // Signed out for real: the guard sends /home back to /auth.
    await page.goto("/home");
    await expect(page).toHaveURL(/\/auth/);

    await page.getByLabel("Email or username").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByTestId("toast").getByText("Login successful")).toBeVisible();
    await expect(
      page.getByTestId("toast").getByText(`Welcome back, ${account.fullName}!`),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);

    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByLabel("Email or username").fill(account.username);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/home$/);

    expect(consoleText.join("\n")).not.toContain(account.password);
  });

  test("next= only leads to a page of this site (backslash and tab tricks stay on site); a good next is followed", async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    for (const next of [
      "/%5Cevil.example",
      "/%09/evil.example",
      "//evil.example",
      "https://evil.example/",
    ]) {
      await page.context().clearCookies();
      await page.goto(`/auth?next=${next}`);
      await page.getByLabel("Email or username").fill(DEMO.email);
      await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page, next).toHaveURL(`${origin}/home`);
    }
    await page.context().clearCookies();
    await page.goto("/auth?next=%2Fwallet");
    await page.getByLabel("Email or username").fill(DEMO.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(`${origin}/wallet`);
  });

  test("validation messages", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email or username is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();

    await page.getByRole("tab", { name: "Register" }).click();
    await page.getByLabel("Password", { exact: true }).fill("first-password-1");
    await page.getByLabel("Confirm password").fill("other-password-2");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Confirm password").fill("");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Please confirm your password")).toBeVisible();
  });

  test("a wrong password shows the server's message in a destructive toast", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Email or username").fill(DEMO.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Login failed");
    await expect(toast).toContainText("Invalid email or password");
    await expect(toast).toHaveAttribute("data-variant", "destructive");
  });

  test("the guard redirects every signed-in page to /auth", async ({ page }) => {
    for (const path of ["/home", "/messages", "/messages/new", "/orders", "/wallet", "/profile"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/auth\?next=/);
    }
  });

  test("a session that ended while its cookie stayed: a signed-in page sends it to sign in and back", async ({
    page,
    context,
    baseURL,
  }) => {
    await registerFresh(page, "ended");
    const cookie = (await context.cookies()).find((c) => c.name === "ff_session")!;
    // Logged out elsewhere (the row is gone), while this browser keeps the old cookie and the hint.
    expect((await page.request.post("/api/logout")).status()).toBe(200);
    await context.addCookies([
      { name: "ff_session", value: cookie.value, url: baseURL },
      { name: "ff_signed_in", value: "1", url: baseURL },
    ]);
    await page.goto("/wallet");
    await expect(page).toHaveURL(/\/auth\?next=%2Fwallet$/);
    await expect(page.getByRole("heading", { name: "Sign in to Fieldfare" })).toBeVisible();
    // The browser mended the hint: the public pages now know a visitor without asking.
    expect((await context.cookies()).some((c) => c.name === "ff_signed_in")).toBe(false);
  });

  test("the signed-in shells are prerendered: the same bytes for everyone, nobody's data in them", async ({
    page,
    request,
  }) => {
    const a = await registerFresh(page, "shell-a");
    const asA = await page.request.get("/wallet");
    const asVisitor = await request.get("/wallet", {
      headers: { cookie: "ff_session=not-a-session-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" },
    });
    for (const res of [asA, asVisitor]) {
      expect(res.status()).toBe(200);
      // Next marks a page it serves from the build (it sends the header twice).
      expect(res.headers()["x-nextjs-prerender"]).toMatch(/^1(, 1)*$/);
    }
    const html = await asA.text();
    expect(html).toBe(await asVisitor.text());
    expect(html).not.toContain(a.fullName);
    expect(html).not.toContain(a.email);
  });

  test("the server refuses a cross-site login POST", async ({ request }) => {
    const res = await request.post("/api/login", {
      data: { username: DEMO.email, password: DEMO.password },
      headers: { origin: "https://evil.example" },
    });
    expect(res.status()).toBe(403);
  });

  test("security headers are present", async ({ request }) => {
    const res = await request.get("/auth");
    const h = res.headers();
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["x-powered-by"]).toBeUndefined();
  });
});
