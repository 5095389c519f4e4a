/**
 * Ops → Farms, Waitlist and wallets on hold (docs/operations.md): each action writes exactly one
 * audit row with its before and after, in the action's transaction, and nothing when refused or
 * when it changes nothing; a paused farm's products leave every catalog read and checkout refuses
 * them; the waitlist lists and downloads the Sheet's rows with their sync state.
 */
import { describe, expect, it } from "vitest";
import * as farmRoute from "@/app/api/farms/[id]/route";
import * as featuredRoute from "@/app/api/products/featured/route";
import * as productRoute from "@/app/api/products/[id]/route";
import * as searchRoute from "@/app/api/products/search/route";
import * as claimRoute from "@/app/api/my-farm/claim/route";
import { opsApi } from "@/lib/contracts/ops";
import { db } from "@/lib/server/platform/db";
import { inTransaction } from "@/lib/server/platform/transaction";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { call, expectMessage } from "../support/http";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { placeOrder, topUp } from "../wallet/support";
import { callOps, createStaff } from "./support";

const auditAfter = (since: number) =>
  db.auditLog.findMany({ where: { id: { gt: since } }, orderBy: { id: "asc" } });
const lastAuditId = async () =>
  (await db.auditLog.findFirst({ orderBy: { id: "desc" }, select: { id: true } }))?.id ?? 0;
const ids = (json: unknown) => (json as { id: number }[]).map((p) => p.id);

describe("ops farms", () => {
  it("inviting a farmer: the account, the farm, a working one-time link and one audit row; the same email again is 409 and writes nothing", async () => {
    const staff = await createStaff();
    const since = await lastAuditId();
    const body = { email: "Plum@Orchard.test", farmName: "Plum Orchard", location: "Oliver, BC" };
    const res = await callOps(opsApi.inviteFarmer, {}, { cookie: staff.cookie, body });
    expect(res.status, res.text).toBe(201);
    expect(res.json.farm).toMatchObject({
      farmName: "Plum Orchard",
      location: "Oliver, BC",
      owner: { email: "plum@orchard.test" },
      verified: false,
      listingsPaused: false,
      payoutsHeld: false,
      productCount: 0,
    });
    const link = new URL(res.json.signInUrl);
    expect(link.pathname).toBe("/api/my-farm/claim");
    expect(Date.parse(res.json.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const rows = await auditAfter(since);
    expect(rows.map((r) => [r.staffId, r.action, r.target, r.before])).toEqual([
      [staff.user.id, "farm.invite", `farm:${res.json.farm.id}`, null],
    ]);
    expect(rows[0].after).toMatchObject({ email: "plum@orchard.test", farmName: "Plum Orchard" });
    // The link signs the farmer in once.
    const claim = await call(claimRoute.POST, link.pathname, {
      method: "POST",
      rawBody: new URLSearchParams({ token: link.searchParams.get("token")! }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(claim.status).toBe(303);
    expect(claim.setCookie).toBeTruthy();

    const again = await callOps(opsApi.inviteFarmer, {}, { cookie: staff.cookie, body });
    expect([again.status, again.json.code]).toEqual([409, "already_exists"]);
    const bad = await callOps(
      opsApi.inviteFarmer,
      {},
      { cookie: staff.cookie, body: { email: "not-an-email", farmName: "", location: "" } },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["email", "farmName", "location"]);
    expect(await auditAfter(since)).toHaveLength(1);
    expect(await db.user.count({ where: { email: "plum@orchard.test" } })).toBe(1);
  });

  it("the verified tick: one row per change, none for a no-op; the list searches by farm, owner and email", async () => {
    const staff = await createStaff();
    const { farm, owner } = await createFarm({ farmName: "Quince Hollow" });
    const since = await lastAuditId();
    const verify = (verified: boolean) =>
      callOps(
        opsApi.verifyFarm,
        { id: String(farm.id) },
        { cookie: staff.cookie, body: { verified } },
      );
    expect((await verify(true)).json.verified).toBe(true);
    expect((await verify(true)).json.verified).toBe(true);
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.id } })).verified).toBe(true);
    expect((await verify(false)).json.verified).toBe(false);
    expect((await auditAfter(since)).map((r) => [r.action, r.target, r.before, r.after])).toEqual([
      ["farm.verify", `farm:${farm.id}`, { verified: false }, { verified: true }],
      ["farm.unverify", `farm:${farm.id}`, { verified: true }, { verified: false }],
    ]);
    const missing = await callOps(
      opsApi.verifyFarm,
      { id: "999999" },
      { cookie: staff.cookie, body: { verified: true } },
    );
    expect(missing.status).toBe(404);

    for (const q of ["quince", "QUINCE HOL", owner.email.slice(0, 8)]) {
      const list = await callOps(
        opsApi.farms,
        {},
        { cookie: staff.cookie, query: `?q=${encodeURIComponent(q)}` },
      );
      expect([q, list.status]).toEqual([q, 200]);
      expect(ids(list.json), q).toContain(farm.id);
    }
    const none = await callOps(opsApi.farms, {}, { cookie: staff.cookie, query: "?q=%25" });
    expect(ids(none.json)).not.toContain(farm.id);
  });

  it("pausing a farm's listings: gone from home, search, the product and farm pages; checkout refuses with a clear message; resuming brings them back; one row each", async () => {
    const staff = await createStaff();
    const { farm } = await createFarm({ farmName: "Rhubarb Ridge" });
    const rhubarb = await createProduct(farm.id, { name: "Rhubarb stalks", isFeatured: true });
    const buyer = await createUserWithSession();
    await topUp(buyer.cookie, 50);
    const since = await lastAuditId();
    const pause = (paused: boolean, reason?: string) =>
      callOps(
        opsApi.pauseFarm,
        { id: String(farm.id) },
        { cookie: staff.cookie, body: { paused, reason } },
      );
    const seen = async () => ({
      featured: ids(
        (await call(featuredRoute.GET, "/api/products/featured?limit=20")).json,
      ).includes(rhubarb.id),
      search: ids((await call(searchRoute.GET, "/api/products/search?q=rhubarb")).json).includes(
        rhubarb.id,
      ),
      product: (
        await call(productRoute.GET, `/api/products/${rhubarb.id}`, {
          params: { id: String(rhubarb.id) },
        })
      ).status,
      farmProducts: (
        await call(farmRoute.GET, `/api/farms/${farm.id}`, { params: { id: String(farm.id) } })
      ).json.productCount,
    });
    expect(await seen()).toEqual({ featured: true, search: true, product: 200, farmProducts: 1 });

    const noReason = await pause(true);
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors.reason).toBe("Give a reason (it goes on the record)");
    expect(await auditAfter(since)).toEqual([]);

    const paused = await pause(true, "Food safety check");
    expect([paused.status, paused.json.listingsPaused]).toEqual([200, true]);
    expect(await seen()).toEqual({ featured: false, search: false, product: 404, farmProducts: 0 });
    const order = await placeOrder(buyer.cookie, [{ productId: rhubarb.id, quantity: 1 }]);
    expectMessage(
      order,
      409,
      "Rhubarb Ridge is not taking orders right now: remove Rhubarb stalks from your cart to check out",
    );
    expect(await db.order.count({ where: { userId: buyer.user.id } })).toBe(0);
    // Pausing again changes nothing and records nothing.
    expect((await pause(true, "Still checking")).json.listingsPaused).toBe(true);

    expect((await pause(false, "Inspection passed")).json.listingsPaused).toBe(false);
    expect(await seen()).toEqual({ featured: true, search: true, product: 200, farmProducts: 1 });
    expect((await placeOrder(buyer.cookie, [{ productId: rhubarb.id, quantity: 1 }])).status).toBe(
      201,
    );
    expect((await auditAfter(since)).map((r) => [r.action, r.before, r.after])).toEqual([
      [
        "farm.pause",
        { listingsPaused: false },
        { listingsPaused: true, reason: "Food safety check" },
      ],
      [
        "farm.resume",
        { listingsPaused: true },
        { listingsPaused: false, reason: "Inspection passed" },
      ],
    ]);
  });
});

describe("ops waitlist", () => {
  async function sheetRow(
    submissionId: string,
    source: "waitlist" | "demo",
    status: "pending" | "synced" | "failed",
    name: string,
    at: Date,
    lastError: string | null = null,
  ) {
    await db.sheetsOutbox.create({
      data: {
        submissionId,
        source,
        status,
        lastError,
        attempts: status === "pending" ? 0 : 1,
        createdAt: at,
        syncedAt: status === "synced" ? at : null,
        row: [
          at.toISOString(),
          name,
          `${submissionId.toLowerCase()}@x.test`,
          '=HYPERLINK("x")',
          "farmer",
          source,
          submissionId,
        ],
      },
    });
    if (source === "demo")
      await db.demoRequest.create({
        data: {
          submissionId,
          fullName: name,
          email: `${submissionId.toLowerCase()}@x.test`,
          companyName: "Co",
          phoneNumber: "250-555-0100",
          role: "farmer",
          createdAt: at,
        },
      });
  }

  it("lists the Sheet's rows newest first with their sync state, filters, pages by Link, and downloads them as a safe CSV", async () => {
    const staff = await createStaff();
    const t = Date.parse("2026-11-20T10:00:00Z");
    await sheetRow("WL-A", "waitlist", "synced", "Ada Apple", new Date(t));
    await sheetRow(
      "WL-B",
      "waitlist",
      "failed",
      "Ben Beet",
      new Date(t + 1000),
      "Sheets answered 403",
    );
    await sheetRow("DM-C", "demo", "pending", "Cy Chard", new Date(t + 2000));

    const all = await callOps(opsApi.waitlist, {}, { cookie: staff.cookie, query: "?limit=2" });
    expect(all.status).toBe(200);
    expect(all.json.map((s: { submissionId: string }) => s.submissionId)).toEqual(["DM-C", "WL-B"]);
    expect(all.json[0]).toMatchObject({
      source: "demo",
      status: "pending",
      phoneNumber: "250-555-0100",
      fullName: "Cy Chard",
    });
    expect(all.json[1]).toMatchObject({
      status: "failed",
      lastError: "Sheets answered 403",
      phoneNumber: null,
    });
    const next = /<([^>]+)>; rel="next"/.exec(all.headers.get("link") ?? "")?.[1];
    expect(next).toContain("limit=2");
    const page2 = await callOps(
      opsApi.waitlist,
      {},
      { cookie: staff.cookie, query: next!.replace("/api/ops/waitlist", "") },
    );
    expect(page2.json.map((s: { submissionId: string }) => s.submissionId)).toEqual(["WL-A"]);
    expect(page2.headers.get("link")).toBeNull();

    const failed = await callOps(
      opsApi.waitlist,
      {},
      { cookie: staff.cookie, query: "?status=failed" },
    );
    expect(failed.json.map((s: { submissionId: string }) => s.submissionId)).toEqual(["WL-B"]);
    const demo = await callOps(
      opsApi.waitlist,
      {},
      { cookie: staff.cookie, query: "?source=demo" },
    );
    expect(demo.json.map((s: { submissionId: string }) => s.submissionId)).toEqual(["DM-C"]);
    const byName = await callOps(opsApi.waitlist, {}, { cookie: staff.cookie, query: "?q=beet" });
    expect(byName.json.map((s: { submissionId: string }) => s.submissionId)).toEqual(["WL-B"]);
    const bad = await callOps(opsApi.waitlist, {}, { cookie: staff.cookie, query: "?status=lost" });
    expect([bad.status, bad.json.errors.status]).toEqual([
      400,
      "status is pending, synced or failed",
    ]);

    const csv = await callOps(
      opsApi.waitlistCsv,
      {},
      { cookie: staff.cookie, query: "?source=waitlist" },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="fieldfare-waitlist-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    const lines = csv.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      '"Submitted at","Name","Email","Company","Role","Phone","Source","Submission id","Sheet","Last error"',
    );
    expect(lines.slice(1)).toEqual([
      `"2026-11-20T10:00:01.000Z","Ben Beet","wl-b@x.test","'=HYPERLINK(""x"")","farmer","","waitlist","WL-B","failed","Sheets answered 403"`,
      `"2026-11-20T10:00:00.000Z","Ada Apple","wl-a@x.test","'=HYPERLINK(""x"")","farmer","","waitlist","WL-A","synced",""`,
    ]);
  });
});

describe("ops wallets on hold", () => {
  async function disputed(userId: number, disputeId: string, cents: number) {
    const topUp = await db.topUp.create({
      data: { userId, amountCents: cents, status: "paid", paymentIntent: `pi_${disputeId}` },
    });
    await db.walletHold.create({
      data: {
        stripeId: disputeId,
        userId,
        topUpId: topUp.id,
        amountCents: cents,
        reason: "fraudulent",
      },
    });
    await inTransaction((tx) => ensureWallet(tx, userId));
    await db.wallet.update({ where: { userId }, data: { onHold: true } });
  }

  it("Today counts them, the person shows each hold; releasing one (step-up) writes one row and the wallet spends again only when none is open", async () => {
    const staff = await createStaff(true);
    const buyer = await createUserWithSession({ fullName: "Disputed Dana" });
    await disputed(buyer.user.id, "dp_one", 2500);
    await disputed(buyer.user.id, "dp_two", 1000);
    const today = await callOps(opsApi.today, {}, { cookie: staff.cookie });
    expect(today.json.walletsOnHold).toBeGreaterThanOrEqual(1);
    const person = await callOps(
      opsApi.person,
      { id: String(buyer.user.id) },
      { cookie: staff.cookie },
    );
    expect(person.json.holds).toEqual([
      expect.objectContaining({
        stripeId: "dp_one",
        amount: 25,
        paymentId: "pi_dp_one",
        reason: "fraudulent",
        outcome: null,
      }),
      expect.objectContaining({ stripeId: "dp_two", amount: 10, paymentId: "pi_dp_two" }),
    ]);
    const list = await callOps(opsApi.walletHolds, {}, { cookie: staff.cookie });
    expect(
      list.json.filter((h: { person: { id: number } }) => h.person.id === buyer.user.id),
    ).toHaveLength(2);

    const since = await lastAuditId();
    const release = (disputeId: string, reason?: string) =>
      callOps(
        opsApi.releaseHold,
        { id: String(buyer.user.id), stripeId: disputeId },
        { cookie: staff.cookie, body: { reason } },
      );
    expect((await release("dp_one")).status).toBe(400);
    expect((await release("dp_nope", "Not mine")).status).toBe(404);
    const one = await release("dp_one", "Dispute won by phone");
    expect([one.status, one.json.stripeId]).toEqual([200, "dp_one"]);
    expect((await db.wallet.findUniqueOrThrow({ where: { userId: buyer.user.id } })).onHold).toBe(
      true,
    );
    const twice = await release("dp_one", "Again");
    expectMessage(twice, 409, "This hold was already released");
    expect((await release("dp_two", "Customer repaid")).status).toBe(200);
    expect((await db.wallet.findUniqueOrThrow({ where: { userId: buyer.user.id } })).onHold).toBe(
      false,
    );
    expect(
      (await callOps(opsApi.person, { id: String(buyer.user.id) }, { cookie: staff.cookie })).json
        .holds,
    ).toEqual([]);
    expect((await auditAfter(since)).map((r) => [r.action, r.target, r.before, r.after])).toEqual([
      [
        "wallet.release_hold",
        `user:${buyer.user.id}`,
        { stripeId: "dp_one", amountCents: 2500, released: false, walletOnHold: true },
        { stripeId: "dp_one", released: true, walletOnHold: true, reason: "Dispute won by phone" },
      ],
      [
        "wallet.release_hold",
        `user:${buyer.user.id}`,
        { stripeId: "dp_two", amountCents: 1000, released: false, walletOnHold: true },
        { stripeId: "dp_two", released: true, walletOnHold: false, reason: "Customer repaid" },
      ],
    ]);
  });
});
