import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { auditPage } from "./a11y";
import { registerFresh } from "./support";

/**
 * Passkeys and two-step sign-in (docs/accounts.md), at both widths. Chromium's virtual
 * authenticator (CDP WebAuthn domain) stands in for the phone or the laptop's fingerprint reader:
 * it keeps discoverable credentials and verifies its user, as a platform authenticator does. The
 * TOTP codes are computed here from the secret the page shows.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test("add a passkey in Profile → Security, sign out, and sign in with it without typing a name", async ({
  page,
}) => {
  const a = await registerFresh(page, "passkey");
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await page.goto("/profile/security");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByText("No passkeys yet.")).toBeVisible();
  await passkeys.getByLabel("Passkey name").fill("Test laptop");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  const item = passkeys.getByRole("listitem", { name: "Test laptop" });
  await expect(item).toContainText("not used yet");
  // The authenticator holds one discoverable credential for this site.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
  await auditPage(page, "/profile/security, a passkey");

  expect((await page.request.post("/api/logout")).status()).toBe(200);
  await page.goto("/auth");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/home$/);
  const me = await (await page.request.get("/api/user")).json();
  expect(me).toMatchObject({ email: a.email, fullName: a.fullName });

  // The same session as a password sign-in: it is listed, and the passkey shows its use.
  await page.goto("/profile/security");
  await expect(
    page
      .getByRole("region", { name: "Where you are signed in" })
      .getByText("This device", { exact: true }),
  ).toBeVisible();
  await expect(item).toContainText("last used");

  // Removing asks first; then the passkey no longer signs in.
  await item.getByRole("button", { name: "Remove passkey Test laptop" }).click();
  const question = page.getByRole("alertdialog", { name: "Remove this passkey?" });
  await expect(question).toContainText('"Test laptop" will no longer sign you in.');
  await question.getByRole("button", { name: "Yes, remove" }).click();
  await expect(item).toHaveCount(0);
  await expect(passkeys.getByText("No passkeys yet.")).toBeVisible();
  expect(await (await page.request.get("/api/passkeys")).json()).toEqual([]);
});

test("two-step sign-in: turn it on with the page's secret, sign in with password and code; a replayed code is refused", async ({
  page,
}) => {
  const a = await registerFresh(page, "twostep");
  await page.goto("/profile/security");
  const section = page.getByRole("region", { name: "Two-step sign-in" });
  await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(
    section.getByRole("img", { name: "QR code for your authenticator app" }),
  ).toBeVisible();
  const secret = (await section.getByTestId("two-step-secret").textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period: 30 });
  await auditPage(page, "/profile/security, two-step set-up");
  await section.getByLabel("Code from the app").fill(totp.generate());
  await section.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(
    section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem"),
  ).toHaveCount(10);
  await section.getByRole("button", { name: "I have saved them" }).click();
  await expect(section.getByText("Two-step sign-in is on. 10 recovery codes left.")).toBeVisible();

  expect((await page.request.post("/api/logout")).status()).toBe(200);
  await page.goto("/auth");
  await page.getByLabel("Email or username").fill(a.email);
  await page.getByLabel("Password", { exact: true }).fill(a.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  const step = page.getByRole("form", { name: "Two-step sign-in" });
  await expect(step).toBeVisible();
  await auditPage(page, "/auth, two-step code");
  // The code that turned it on is spent: the next step's code signs in.
  const code = totp.generate({ timestamp: Date.now() + 30_000 });
  await step.getByLabel("Code", { exact: true }).fill(code);
  await step.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect((await (await page.request.get("/api/user")).json()).email).toBe(a.email);

  // The same code a second time: refused, no session.
  expect((await page.request.post("/api/logout")).status()).toBe(200);
  const first = await page.request.post("/api/login", {
    data: { username: a.email, password: a.password },
  });
  expect(await first.json()).toEqual({ twoStep: true });
  const replay = await page.request.post("/api/login/two-step", { data: { code } });
  expect(replay.status()).toBe(400);
  expect((await replay.json()).message).toBe("That code is not right");
  expect((await page.request.get("/api/user")).status()).toBe(401);
});
