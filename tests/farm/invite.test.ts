import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as claimRoute from "@/app/api/my-farm/claim/route";
import * as passwordRoute from "@/app/api/my-farm/password/route";
import * as farmRoute from "@/app/api/my-farm/route";
import * as loginRoute from "@/app/api/login/route";
import { consumeLoginToken, inviteFarmer } from "@/lib/server/farm/invite";
import { runScript } from "../support/scripts";
import { call, cookieFrom, ORIGIN } from "../support/http";
import { createUser } from "../support/factories";
import { sendDueNotifications } from "@/lib/server/emails/sender";
import { closeListener } from "@/lib/server/platform/notify";
import { smtpPerFile, subjectsTo } from "../notifications/smtp";
import { migrationSql } from "../support/migrations";

const sha256 = async (s: string) =>
  (await import("node:crypto")).createHash("sha256").update(s).digest("hex");

function claimPost(token: string, headers: Record<string, string> = {}) {
  return claimRoute.POST(
    new Request(`${ORIGIN}/api/my-farm/claim`, {
      method: "POST",
      headers: {
        host: "localhost:3000",
        origin: ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
        ...headers,
      },
      body: new URLSearchParams({ token }).toString(),
    }),
  );
}

const smtpServer = smtpPerFile();
afterAll(() => closeListener());

describe("farmer:invite", () => {
  it("creates the farmer (address = location) and the farm, and stores only the token's hash", async () => {
    const invite = await inviteFarmer({
      email: "new.farmer@example.test",
      farmName: "Blue Heron Farm",
      location: "88 Orchard Rd, Kelowna BC",
    });
    const user = await db.user.findUniqueOrThrow({
      where: { id: invite.userId },
      include: { farm: true, loginTokens: true },
    });
    expect(user).toMatchObject({
      email: "new.farmer@example.test",
      userType: "farmer",
      address: "88 Orchard Rd, Kelowna BC",
      fullName: "Blue Heron Farm",
    });
    expect(user.farm).toMatchObject({
      id: invite.farmId,
      farmName: "Blue Heron Farm",
      location: "88 Orchard Rd, Kelowna BC",
    });
    expect(user.loginTokens).toHaveLength(1);
    expect(user.loginTokens[0].tokenHash).toBe(await sha256(invite.token));
    expect(user.loginTokens[0].tokenHash).not.toContain(invite.token);
    expect(user.loginTokens[0].usedAt).toBeNull();
  });

  it("emails the farmer their link, composed at send time; a link used meanwhile sends nothing", async () => {
    const smtp = smtpServer();
    const send = () =>
      sendDueNotifications({ mailer: smtp.mailer(), now: new Date(Date.now() + 1000) });
    const invite = await inviteFarmer({
      email: "mailed.farmer@example.test",
      farmName: "Mailbox Orchard",
      location: "Lake Country, BC",
    });
    await send();
    expect(subjectsTo(smtp.mails, "mailed.farmer@example.test")).toEqual([
      "Mailbox Orchard is invited to sell on Fieldfare",
    ]);
    const mail = smtp.mails.find((x) =>
      [x.to].flat().some((t) => t?.value.some((v) => v.address === "mailed.farmer@example.test")),
    );
    const text = mail?.text ?? "";
    const m = /\/api\/my-farm\/claim\?token=([A-Za-z0-9_%-]+)/.exec(text);
    expect(m, text).not.toBeNull();
    expect(decodeURIComponent(m![1])).toBe(invite.token);
    expect(text).not.toContain("Unsubscribe");

    // Used before its email goes out (ops sent the copy): the email is skipped.
    smtp.mails.length = 0;
    const second = await inviteFarmer({
      email: "quick.farmer@example.test",
      farmName: "Quick Farm",
      location: "Peachland, BC",
    });
    expect((await claimPost(second.token)).status).toBe(303);
    await send();
    expect(subjectsTo(smtp.mails, "quick.farmer@example.test")).toEqual([]);
    expect(
      await db.notification.findFirstOrThrow({
        where: { userId: second.userId, kind: "farm_invite" },
        select: { status: true },
      }),
    ).toEqual({ status: "skipped" });
  });

  it("refuses an email that already exists and changes nothing", async () => {
    const existing = await createUser({ email: "taken@example.test" });
    await expect(
      inviteFarmer({ email: "taken@example.test", farmName: "Takeover Farm", location: "Kelowna" }),
    ).rejects.toMatchObject({ status: 409 });
    const row = await db.user.findUniqueOrThrow({
      where: { id: existing.id },
      include: { farm: true },
    });
    expect([row.userType, row.farm]).toEqual(["user", null]);
  });

  it("the link signs in exactly once, with a real session; then the farmer sets a password and can log in with it", async () => {
    const invite = await inviteFarmer({
      email: "claim.me@example.test",
      farmName: "Claim Farm",
      location: "Rutland, Kelowna BC",
    });

    // GET only shows a button (link previews must not burn the token).
    const page = await claimRoute.GET(
      new Request(`${ORIGIN}/api/my-farm/claim?token=${invite.token}`),
    );
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await page.text()).toContain('method="post"');
    expect(
      (await db.loginToken.findFirstOrThrow({ where: { userId: invite.userId } })).usedAt,
    ).toBeNull();

    const first = await claimPost(invite.token);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/my-farm/welcome");
    const cookie = cookieFrom(first.headers.get("set-cookie"));
    const me = await call(farmRoute.GET, "/api/my-farm", { cookie });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: invite.farmId, farmName: "Claim Farm" });

    const second = await claimPost(invite.token);
    expect(second.status).toBe(410);
    expect(second.headers.get("set-cookie")).toBeNull();
    expect(await second.text()).toContain("This sign-in link no longer works");

    const mismatch = await call(passwordRoute.POST, "/api/my-farm/password", {
      body: { password: "orchard-sunrise-77", confirmPassword: "nope" },
      cookie,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.errors).toEqual({ confirmPassword: "Passwords do not match" });
    const set = await call(passwordRoute.POST, "/api/my-farm/password", {
      body: { password: "orchard-sunrise-77", confirmPassword: "orchard-sunrise-77" },
      cookie,
    });
    expect(set.status).toBe(200);
    const login = await call(loginRoute.POST, "/api/login", {
      body: { username: "claim.me@example.test", password: "orchard-sunrise-77" },
    });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ userType: "farmer", email: "claim.me@example.test" });

    // The window closes: the password cannot be changed again this way.
    const again = await call(passwordRoute.POST, "/api/my-farm/password", {
      body: { password: "another-pass-8899", confirmPassword: "another-pass-8899" },
      cookie,
    });
    expect(again.status).toBe(403);
  });

  it("an expired, unknown or malformed token does not sign in; a cross-site POST is refused", async () => {
    const invite = await inviteFarmer({
      email: "late@example.test",
      farmName: "Late Farm",
      location: "Kelowna",
    });
    expect(await consumeLoginToken(invite.token, new Date(Date.now() + 8 * 86_400_000))).toBeNull();
    expect((await claimPost("x".repeat(43))).status).toBe(410);
    expect((await claimPost("<script>")).status).toBe(410);
    const cross = await claimPost(invite.token, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(
      (await db.loginToken.findFirstOrThrow({ where: { userId: invite.userId } })).usedAt,
    ).toBeNull();
  });

  it("a shopper cannot use the set-password endpoint (403)", async () => {
    const u = await createUser();
    const { sessionCookie } = await import("../support/factories");
    const res = await call(passwordRoute.POST, "/api/my-farm/password", {
      body: { password: "orchard-sunrise-77", confirmPassword: "orchard-sunrise-77" },
      cookie: await sessionCookie(u.id),
    });
    expect(res.status).toBe(403);
  });

  it("the CLI creates the account and prints a link; run twice it refuses politely", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-invite-"));
    try {
      const pg = new PGlite(path.join(dir, "db"));
      await pg.exec(migrationSql());
      await pg.close();
      const run = (extra: string[]) =>
        runScript(
          "scripts/farmer-invite.ts",
          ["cli.farmer@example.test", "CLI Acres", "12 Hill Rd, Kelowna BC", ...extra],
          {
            DATABASE_URL: `pglite:${path.join(dir, "db")}`,
            DATA_DIR: dir,
            APP_URL: "http://localhost:3000",
          },
        );
      const guarded = await run([]);
      expect(guarded.code).toBe(2);
      expect(guarded.err).toContain("--app-stopped");
      const ok = await run(["--app-stopped"]);
      expect(ok.code, ok.err).toBe(0);
      expect(ok.out).toMatch(
        /http:\/\/localhost:3000\/api\/my-farm\/claim\?token=[A-Za-z0-9_-]{43}\n/,
      );
      const dup = await run(["--app-stopped"]);
      expect(dup.code).toBe(1);
      expect(dup.err).toContain(
        "An account with the email cli.farmer@example.test already exists; nothing was changed.",
      );
      const check = new PGlite(path.join(dir, "db"));
      const rows = await check.query<{ userType: string; farmName: string }>(
        `SELECT u."userType", f."farmName" FROM "User" u JOIN "Farm" f ON f."userId" = u.id WHERE u.email = 'cli.farmer@example.test'`,
      );
      await check.close();
      expect(rows.rows).toEqual([{ userType: "farmer", farmName: "CLI Acres" }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000); // three cold Node processes (tsx + PGlite + argon2) on a shared 2-core machine
});
