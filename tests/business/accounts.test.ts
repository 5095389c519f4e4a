import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as accountRoute from "@/app/api/business-account/route";
import * as userRoute from "@/app/api/user/route";
import * as chatsRoute from "@/app/api/messages/chats/route";
import * as sendRoute from "@/app/api/messages/route";
import { decideBusinessAccount } from "@/lib/server/business/accounts";
import { runScript } from "../support/scripts";
import { call, expectMessage } from "../support/http";
import { createFarmerWithSession, createUserWithSession } from "../support/factories";
import { onPostgres } from "../support/pg";

const apply = (cookie: string, body: unknown) =>
  call(accountRoute.POST, "/api/business-account", { cookie, body });
const mine = (cookie: string) => call(accountRoute.GET, "/api/business-account", { cookie });
const bistro = {
  companyName: "Bench Bistro",
  businessNumber: "812 345 670 rt0001",
  address: "1875 Pandosy St, Kelowna, BC",
  postalCode: "v1y1r3",
};

const cli = (args: string[], env: Record<string, string> = {}) =>
  runScript("scripts/buyer-approve.ts", args, env);

describe("business accounts", () => {
  it("a buyer applies (202, pending, number and postal code written tidily); GET shows it; a second application while pending is 409", async () => {
    const me = await createUserWithSession();
    expect((await mine(me.cookie)).json).toBeNull();
    const res = await apply(me.cookie, bistro);
    expect(res.status, res.text).toBe(202);
    expect(res.json).toEqual({
      status: "pending",
      companyName: "Bench Bistro",
      businessNumber: "812345670 RT0001",
      address: bistro.address,
      postalCode: "V1Y 1R3",
      createdAt: expect.any(String),
      decidedAt: null,
      approvedAs: null,
    });
    expect((await mine(me.cookie)).json).toEqual(res.json);
    const again = await apply(me.cookie, bistro);
    expectMessage(again, 409, "Your application is being reviewed: we will let you know");
  });

  it("refuses bad fields with their own messages, and farm accounts (403)", async () => {
    const me = await createUserWithSession();
    const res = await apply(me.cookie, {
      companyName: " ",
      businessNumber: "12345",
      address: "x",
      postalCode: "90210",
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      companyName: "Company name is required",
      businessNumber: "Enter your 9-digit business number, like 123456789 or 123456789 RT0001",
      address: "Business address must be at least 5 characters",
      postalCode: "Enter a Canadian postal code like V1Y 2K3",
    });
    expect(await db.businessAccount.count({ where: { userId: me.user.id } })).toBe(0);
    const farmer = await createFarmerWithSession();
    expect((await apply(farmer.cookie, bistro)).status).toBe(403);
  });

  it("approval makes the buyer a restaurant at once (the same session sees it) and their chat label becomes the company name", async () => {
    const me = await createUserWithSession();
    const farmer = await createFarmerWithSession();
    await apply(me.cookie, bistro);
    expect(
      (
        await call(sendRoute.POST, "/api/messages", {
          cookie: me.cookie,
          body: { receiverId: farmer.user.id, content: "Do you sell by the case?" },
        })
      ).status,
    ).toBe(201);
    const label = async () =>
      (await call(chatsRoute.GET, "/api/messages/chats", { cookie: farmer.cookie })).json[0].user
        .label;
    expect(await label()).toBe("Restaurant");
    expect((await call(userRoute.GET, "/api/user", { cookie: me.cookie })).json.userType).toBe(
      "user",
    );

    expect(await decideBusinessAccount(me.user.email, "approve")).toEqual({
      userId: me.user.id,
      companyName: "Bench Bistro",
      status: "approved",
      approvedAs: "restaurant",
    });
    expect((await call(userRoute.GET, "/api/user", { cookie: me.cookie })).json.userType).toBe(
      "restaurant",
    );
    expect((await mine(me.cookie)).json).toMatchObject({
      status: "approved",
      decidedAt: expect.any(String),
    });
    expect(await label()).toBe("Bench Bistro");
    const again = await apply(me.cookie, bistro);
    expectMessage(again, 409, "Your account is already a business account");
  });

  it("a refused buyer stays a shopper and may apply again", async () => {
    const me = await createUserWithSession();
    await apply(me.cookie, bistro);
    expect((await decideBusinessAccount(me.user.email, "reject")).status).toBe("rejected");
    expect((await call(userRoute.GET, "/api/user", { cookie: me.cookie })).json.userType).toBe(
      "user",
    );
    await expect(decideBusinessAccount(me.user.email, "approve")).rejects.toThrow(
      "already rejected",
    );
    const again = await apply(me.cookie, { ...bistro, companyName: "Bench Bistro Ltd" });
    expect(again.status).toBe(202);
    expect(again.json).toMatchObject({
      status: "pending",
      companyName: "Bench Bistro Ltd",
      decidedAt: null,
    });
  });

  it("the CLI refuses bad arguments, and on the embedded database asks for the app to be stopped", async () => {
    const usage = await cli(["not-an-email"]);
    expect([usage.code, usage.err]).toEqual([
      2,
      "Usage: npm run buyer:approve -- email@example.com [--reject] [--as restaurant|distributor]\n",
    ]);
    const guarded = await cli(["chef@example.test"], {
      DATABASE_URL: "pglite:/tmp/ff-never-opened",
    });
    expect(guarded.code).toBe(2);
    expect(guarded.err).toContain("--app-stopped");
  }, 120_000);

  it.skipIf(!onPostgres)(
    "the CLI approves and refuses against the running database (PostgreSQL: the app may stay up)",
    async () => {
      const a = await createUserWithSession();
      const b = await createUserWithSession();
      await apply(a.cookie, bistro);
      await apply(b.cookie, { ...bistro, companyName: "Lakeside Grill" });
      const ok = await cli([a.user.email]);
      expect(ok.code, ok.err).toBe(0);
      expect(ok.out).toBe(
        `Approved: ${a.user.email} (user ${a.user.id}) now buys as Bench Bistro, a restaurant account.\n`,
      );
      const no = await cli([b.user.email, "--reject"]);
      expect(no.out).toBe(
        `Refused: ${b.user.email}'s application for Lakeside Grill. They may apply again from Profile.\n`,
      );
      const twice = await cli([a.user.email]);
      expect([twice.code, twice.err]).toEqual([
        1,
        `${a.user.email}'s application was already approved\n`,
      ]);
      const unknown = await cli(["nobody@example.test"]);
      expect([unknown.code, unknown.err]).toEqual([1, "No account uses nobody@example.test\n"]);
      const types = await db.user.findMany({
        where: { id: { in: [a.user.id, b.user.id] } },
        orderBy: { id: "asc" },
        select: { userType: true },
      });
      expect(types.map((t) => t.userType)).toEqual(["restaurant", "user"]);
    },
    180_000,
  );
});
