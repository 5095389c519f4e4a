import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { auditPage } from "./a11y";
import { openProfileSection, registerFresh, secondContext, signIn } from "./support";

/**
 * DESIGN §16 in the browser (docs/accounts.md): the verify banner, password reset by email, and
 * Profile → Security's password change and sessions list. Without SMTP_URL the e2e server writes
 * each email as an .eml file under .data/mail/ (docs/notifications.md, "Transport"); the link is
 * read from there.
 */
const MAIL_DIR = path.resolve(".data", "mail");

/** The token of the newest emailed link to `path` for `email` (quoted-printable undone). */
function linkFor(email: string, linkPath: string): string | null {
  if (!fs.existsSync(MAIL_DIR)) return null;
  const files = fs
    .readdirSync(MAIL_DIR)
    .map((f) => path.join(MAIL_DIR, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const f of files) {
    const raw = fs
      .readFileSync(f, "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (!raw.includes(email)) continue;
    const m = new RegExp(`${linkPath.replace(/\//g, "\\/")}\\?token=([A-Za-z0-9_-]{43})`).exec(raw);
    if (m) return m[1];
  }
  return null;
}

/** Waits for the emailed link to `linkPath` for `email` and opens it; answers its token. */
async function openEmailedLink(page: Page, email: string, linkPath: string) {
  let token: string | null = null;
  await expect.poll(() => (token = linkFor(email, linkPath)), { timeout: 20_000 }).not.toBeNull();
  await page.goto(`${linkPath}?token=${token}`);
  return String(token);
}

test("a new account sees the verify banner; the emailed link confirms the address", async ({
  page,
}) => {
  const a = await registerFresh(page, "verify");
  await page.goto("/orders");
  const banner = page.getByRole("region", { name: "Verify your email" });
  await expect(banner).toContainText(a.email);
  await auditPage(page, "/orders with the verify banner");
  await banner.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Link sent" })).toBeVisible();

  await openEmailedLink(page, a.email, "/auth/verify");
  await auditPage(page, "/auth/verify");
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByText("Your email address is confirmed. Thank you!")).toBeVisible();
  await page.goto("/orders");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Verify your email" })).toHaveCount(0);
});

test("forgot password: the same answer for anyone; the emailed link sets a new password and signs in", async ({
  page,
  browser,
}, testInfo) => {
  const a = await registerFresh(page, "reset");
  // A second device, signed in with the old password: the reset signs it out.
  const { context: other, page: otherPage } = await secondContext(browser, testInfo);
  await signIn(otherPage, a.email, a.password);

  await page.context().clearCookies();
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  await auditPage(page, "/auth/forgot");
  await page.getByLabel("Email").fill(a.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText(
    "If an account uses this email, we sent it a link to choose a new password.",
  );

  const token = await openEmailedLink(page, a.email, "/auth/reset");
  await auditPage(page, "/auth/reset");
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Confirm new password").fill("short");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Password must be at least 10 characters")).toBeVisible();
  const fresh = "maple-syrup-orchard-42";
  await page.getByLabel("New password", { exact: true }).fill(fresh);
  await page.getByLabel("Confirm new password").fill(fresh);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect((await page.request.get("/api/user")).status()).toBe(200);
  expect((await otherPage.request.get("/api/user")).status()).toBe(401);
  await other.close();

  // The link worked once.
  await page.goto(`/auth/reset?token=${token}`);
  await page.getByLabel("New password", { exact: true }).fill("another-long-password");
  await page.getByLabel("Confirm new password").fill("another-long-password");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("This link has expired or was used already.")).toBeVisible();
});

test("Profile → Security: change the password, see the sessions, sign out another device", async ({
  page,
  browser,
}, testInfo) => {
  const a = await registerFresh(page, "security");
  const { context: other, page: phone } = await secondContext(browser, testInfo, {
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  });

  await openProfileSection(page, "Security", /\/profile\/security$/);
  await signIn(phone, a.email, a.password);
  await page.reload();
  const sessions = page.getByRole("region", { name: "Where you are signed in" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").first()).toContainText("This device");
  await expect(sessions.getByText("Safari on iOS")).toBeVisible();
  await auditPage(page, "/profile/security");

  // A wrong current password is said next to its field.
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill("pear-tree-blossom-9");
  await page.getByLabel("Confirm new password").fill("pear-tree-blossom-9");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not right").first()).toBeVisible();

  await sessions.getByRole("button", { name: /^Sign out Safari on iOS/ }).click();
  await expect(
    page.getByTestId("toast").filter({ hasText: "Signed out that device" }),
  ).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  expect((await phone.request.get("/api/user")).status()).toBe(401);

  // Sign in on the phone again, then change the password: the phone is out, this device stays.
  await signIn(phone, a.email, a.password);
  await page.getByLabel("Current password").fill(a.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Password changed" })).toBeVisible();
  expect((await phone.request.get("/api/user")).status()).toBe(401);
  expect((await page.request.get("/api/user")).status()).toBe(200);
  await expect(sessions.getByText("You are signed in on this device only.")).toBeVisible();
  await other.close();
});
