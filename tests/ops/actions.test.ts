/**
 * Each ops action writes exactly one audit row, in its own transaction, with the right before and
 * after, and none when refused (docs/operations.md).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { opsApi } from "@/lib/contracts/ops";
import { db } from "@/lib/server/platform/db";
import { decideBusinessAccount } from "@/lib/server/business/accounts";
import { expectMessage } from "../support/http";
import { createFarmerWithSession, createUserWithSession } from "../support/factories";
import { onPostgres } from "../support/pg";
import { applicant, callOps, createStaff } from "./support";

/** The audit rows written after `since` (an id), oldest first. */
const auditAfter = (since: number) =>
  db.auditLog.findMany({ where: { id: { gt: since } }, orderBy: { id: "asc" } });
const lastAuditId = async () =>
  (await db.auditLog.findFirst({ orderBy: { id: "desc" }, select: { id: true } }))?.id ?? 0;

type Person = { cookie: string; user: { id: number } };
/** Staff decide a business application: approve, or reject with a reason. */
const decide = (staff: Person, buyer: Person, body: { decision: string; reason?: string }) =>
  callOps(opsApi.decide, { userId: String(buyer.user.id) }, { cookie: staff.cookie, body });

describe("ops actions and the audit log", () => {
  it("approving an application: restaurant at once, the buyer emailed, one audit row; a second decision is 409 and writes nothing", async () => {
    const staff = await createStaff();
    const buyer = await applicant();
    const since = await lastAuditId();
    const res = await decide(staff, buyer, { decision: "approve" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      userId: buyer.user.id,
      status: "approved",
      userType: "restaurant",
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: buyer.user.id } })).userType).toBe(
      "restaurant",
    );
    const emails = await db.notification.findMany({ where: { userId: buyer.user.id } });
    expect(emails.map((n) => n.kind)).toEqual(["business_decision"]);
    const rows = await auditAfter(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staffId: staff.user.id,
      action: "business.approve",
      target: `user:${buyer.user.id}`,
      before: { status: "pending", userType: "user" },
      after: { status: "approved", userType: "restaurant" },
    });
    const again = await decide(staff, buyer, { decision: "reject", reason: "Duplicate" });
    expectMessage(again, 409, "This application was already approved");
    expect(await auditAfter(since)).toHaveLength(1);
  });

  it("rejecting needs a reason (400, nothing written); with one it is recorded and the buyer stays a shopper", async () => {
    const staff = await createStaff();
    const buyer = await applicant();
    const since = await lastAuditId();
    const bare = await decide(staff, buyer, { decision: "reject" });
    expect([bare.status, bare.json.errors]).toEqual([
      400,
      { reason: "Give a reason (it goes on the record)" },
    ]);
    expect(await auditAfter(since)).toEqual([]);
    const res = await decide(staff, buyer, {
      decision: "reject",
      reason: "Business number not found",
    });
    expect(res.json.status).toBe("rejected");
    const [row] = await auditAfter(since);
    expect(row).toMatchObject({
      action: "business.reject",
      after: { status: "rejected", userType: "user", reason: "Business number not found" },
    });
  });

  it("the CLI's buyer:approve writes the same row with no staff member", async () => {
    const buyer = await applicant();
    const since = await lastAuditId();
    await decideBusinessAccount(buyer.user.email, "approve");
    const rows = await auditAfter(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staffId: null,
      action: "business.approve",
      after: { status: "approved", via: "cli" },
    });
  });

  // The command opens its own connection: the embedded PGlite of a test is the test's alone.
  it.skipIf(!onPostgres)(
    "staff:grant makes an account staff and records it; unknown emails exit 1 (PostgreSQL)",
    async () => {
      const who = await createUserWithSession();
      const since = await lastAuditId();
      const run = (email: string) =>
        promisify(execFile)(
          process.execPath,
          [
            "--import",
            "tsx",
            "--conditions=react-server",
            "scripts/staff-grant.ts",
            "--",
            email,
            "--app-stopped",
          ],
          { env: process.env },
        ).then(
          (r) => ({ code: 0, out: r.stdout }),
          (e: { code: number; stderr: string }) => ({ code: e.code, out: e.stderr }),
        );
      {
        const ok = await run(who.user.email);
        expect(ok.code, ok.out).toBe(0);
        expect((await db.user.findUniqueOrThrow({ where: { id: who.user.id } })).role).toBe(
          "staff",
        );
        const rows = await auditAfter(since);
        expect(rows).toMatchObject([
          {
            staffId: null,
            action: "staff.grant",
            before: { role: "user" },
            after: { role: "staff" },
          },
        ]);
        const none = await run("nobody@example.test");
        expect([none.code, none.out.trim()]).toEqual([1, "No account uses nobody@example.test"]);
      }
    },
  );

  it("a credit and a refund-debit are each one signed `adjustment` row; balance = Σ ledger; an overdraft is refused and recorded nowhere", async () => {
    const staff = await createStaff(true);
    const shopper = await createUserWithSession();
    const since = await lastAuditId();
    const adjust = (amount: number, reason: string) =>
      callOps(
        opsApi.adjustWallet,
        { id: String(shopper.user.id) },
        { cookie: staff.cookie, body: { amount, reason } },
      );
    const credit = await adjust(12.5, "Bruised peaches on order 14");
    expect(credit.status, credit.text).toBe(201);
    expect(credit.json.balance).toBe(12.5);
    expect(credit.json.transaction).toMatchObject({ type: "adjustment", amount: 12.5 });
    const debit = await adjust(-2.25, "Credit given twice");
    expect(debit.json.balance).toBe(10.25);
    const over = await adjust(-50, "Too much");
    expect([over.status, over.json.code]).toEqual([409, "insufficient_funds"]);
    const ledger = await db.transaction.findMany({ where: { userId: shopper.user.id } });
    expect(ledger.map((t) => [t.type, t.amountCents])).toEqual([
      ["adjustment", 1250],
      ["adjustment", -225],
    ]);
    const wallet = await db.wallet.findUniqueOrThrow({ where: { userId: shopper.user.id } });
    expect(wallet.balanceCents).toBe(ledger.reduce((s, t) => s + t.amountCents, 0));
    const rows = await auditAfter(since);
    expect(
      rows.map((r) => [r.action, r.before, (r.after as { balanceCents: number }).balanceCents]),
    ).toEqual([
      ["wallet.adjust", { balanceCents: 0 }, 1250],
      ["wallet.adjust", { balanceCents: 1250 }, 1025],
    ]);
  });

  it("a failed email is retried now: pending with fresh attempts, one audit row; a sent one is 409", async () => {
    const staff = await createStaff();
    const shopper = await createUserWithSession();
    const failed = await db.notification.create({
      data: {
        userId: shopper.user.id,
        kind: "order_placed",
        payload: {},
        dedupeKey: `ops-failed-${shopper.user.id}`,
        status: "failed",
        attempts: 12,
        lastError: "550 mailbox unavailable",
      },
    });
    const since = await lastAuditId();
    const outboxes = await callOps(opsApi.outboxes, {}, { cookie: staff.cookie });
    expect(outboxes.json.emails.find((e: { id: number }) => e.id === failed.id)).toMatchObject({
      status: "failed",
      lastError: "550 mailbox unavailable",
      to: shopper.user.email,
    });
    const res = await callOps(
      opsApi.retryEmail,
      { id: String(failed.id) },
      { cookie: staff.cookie },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: "pending", attempts: 0 });
    const [row, ...more] = await auditAfter(since);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      action: "email.retry",
      target: `notification:${failed.id}`,
      before: { status: "failed", attempts: 12, lastError: "550 mailbox unavailable" },
      after: { status: "pending", attempts: 0 },
    });
    await db.notification.update({ where: { id: failed.id }, data: { status: "sent" } });
    const sent = await callOps(
      opsApi.retryEmail,
      { id: String(failed.id) },
      { cookie: staff.cookie },
    );
    expect(sent.status).toBe(409);
    expect(await auditAfter(since)).toHaveLength(1);
  });

  it("a manual payout is marked paid once with its reference (step-up); the balance does not move", async () => {
    const staff = await createStaff(true);
    const farmer = await createFarmerWithSession();
    await db.farmAccount.create({ data: { farmId: farmer.farm.id, balanceCents: 0 } });
    const payout = await db.payout.create({
      data: {
        farmId: farmer.farm.id,
        periodEnd: "2026-11-23",
        amountCents: 4200,
        status: "pending_manual",
      },
    });
    const since = await lastAuditId();
    const list = await callOps(opsApi.payouts, {}, { cookie: staff.cookie });
    expect(list.json.manual.find((p: { id: number }) => p.id === payout.id)).toMatchObject({
      amount: 42,
      farmName: farmer.farm.farmName,
    });
    const paid = await callOps(
      opsApi.markPaid,
      { id: String(payout.id) },
      { cookie: staff.cookie, body: { reference: "EFT 2026-11-27 #88" } },
    );
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json).toMatchObject({ status: "paid", reference: "EFT 2026-11-27 #88" });
    const twice = await callOps(
      opsApi.markPaid,
      { id: String(payout.id) },
      { cookie: staff.cookie, body: { reference: "EFT again" } },
    );
    expect(twice.status).toBe(409);
    expect(
      (await db.farmAccount.findUniqueOrThrow({ where: { farmId: farmer.farm.id } })).balanceCents,
    ).toBe(0);
    const rows = await auditAfter(since);
    expect(rows).toMatchObject([
      {
        action: "payout.mark_paid",
        target: `payout:${payout.id}`,
        before: { status: "pending_manual" },
        after: { status: "paid", reference: "EFT 2026-11-27 #88", amountCents: 4200 },
      },
    ]);
  });

  it("holding a farm's payouts is recorded; holding it again changes and records nothing", async () => {
    const staff = await createStaff(true);
    const farmer = await createFarmerWithSession();
    await db.farmAccount.create({ data: { farmId: farmer.farm.id } });
    const since = await lastAuditId();
    const hold = () =>
      callOps(
        opsApi.holdFarm,
        { id: String(farmer.farm.id) },
        { cookie: staff.cookie, body: { held: true, reason: "Bank details bounced" } },
      );
    expect((await hold()).json.payoutsHeld).toBe(true);
    expect((await hold()).json.payoutsHeld).toBe(true);
    expect((await auditAfter(since)).map((r) => [r.action, r.before, r.after])).toEqual([
      [
        "payout.hold",
        { payoutsHeld: false },
        { payoutsHeld: true, reason: "Bank details bounced" },
      ],
    ]);
  });

  it("staff end a person's session: the cookie stops working, one audit row", async () => {
    const staff = await createStaff();
    const shopper = await createUserWithSession();
    const detail = await callOps(
      opsApi.person,
      { id: String(shopper.user.id) },
      { cookie: staff.cookie },
    );
    expect(detail.json.sessions).toHaveLength(1);
    const since = await lastAuditId();
    const res = await callOps(
      opsApi.revokeSession,
      { id: String(shopper.user.id), sessionId: detail.json.sessions[0].id },
      { cookie: staff.cookie },
    );
    expect(res.status, res.text).toBe(200);
    expect(await db.session.count({ where: { userId: shopper.user.id } })).toBe(0);
    expect((await auditAfter(since)).map((r) => r.action)).toEqual(["session.revoke"]);
  });

  it("GET /api/ops/audit lists newest first with the staff member, filters, and pages by Link", async () => {
    const staff = await createStaff();
    const res = await callOps(opsApi.audit, {}, { cookie: staff.cookie, query: "?limit=2" });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(2);
    expect(Date.parse(res.json[0].at)).toBeGreaterThanOrEqual(Date.parse(res.json[1].at));
    expect(res.headers.get("link")).toMatch(/cursor=/);
    const approvals = await callOps(
      opsApi.audit,
      {},
      {
        cookie: staff.cookie,
        query: "?action=business.approve",
      },
    );
    expect(approvals.json.length).toBeGreaterThanOrEqual(2);
    expect(approvals.json.every((r: { action: string }) => r.action === "business.approve")).toBe(
      true,
    );
    expect(approvals.json.some((r: { staff: unknown }) => r.staff === null)).toBe(true);
    expect(
      approvals.json.some(
        (r: { staff: { fullName: string } | null }) => r.staff?.fullName === "Olive Ops",
      ),
    ).toBe(true);
    await expect(db.$executeRawUnsafe(`DELETE FROM "AuditLog"`)).rejects.toThrow(/append-only/);
    // TRUNCATE skips row triggers: a statement trigger refuses it, also when cascaded from User.
    const rows = await db.auditLog.count();
    await expect(db.$executeRawUnsafe(`TRUNCATE "AuditLog"`)).rejects.toThrow(/append-only/);
    await expect(db.$executeRawUnsafe(`TRUNCATE "User" CASCADE`)).rejects.toThrow(/append-only/);
    expect(await db.auditLog.count()).toBe(rows);
  });

  it("reads each entry as a sentence with names, and lists only the fields that changed", async () => {
    const staff = await createStaff();
    const buyer = await applicant("Ana Ruiz", {
      companyName: "Cannery Row Kitchen",
      address: "1875 Pandosy St, Kelowna, BC",
      postalCode: "V1Y 1R3",
    });
    const decided = await callOps(
      opsApi.decide,
      { userId: String(buyer.user.id) },
      { cookie: staff.cookie, body: { decision: "approve" } },
    );
    expect(decided.status, decided.text).toBe(200);
    const res = await callOps(
      opsApi.audit,
      {},
      { cookie: staff.cookie, query: `?target=user:${buyer.user.id}` },
    );
    expect(res.status).toBe(200);
    const [entry] = res.json;
    expect(entry).toMatchObject({
      action: "business.approve",
      target: `user:${buyer.user.id}`,
      targetName: "Cannery Row Kitchen",
      summary: "Olive Ops approved Cannery Row Kitchen's business account",
    });
    expect(entry.changes.length).toBeGreaterThan(0);
    for (const c of entry.changes as { field: string; before: unknown; after: unknown }[])
      expect(JSON.stringify(c.before)).not.toBe(JSON.stringify(c.after));
  });

  it.skipIf(!onPostgres)(
    "two staff approving the same application at once decide it once (PostgreSQL; PGlite has one connection)",
    async () => {
      const [a, b] = [await createStaff(), await createStaff()];
      const buyer = await applicant();
      const since = await lastAuditId();
      const results = await Promise.all(
        [a, b].map((s) =>
          callOps(
            opsApi.decide,
            { userId: String(buyer.user.id) },
            { cookie: s.cookie, body: { decision: "approve" } },
          ),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await auditAfter(since)).toHaveLength(1);
      expect(await db.notification.count({ where: { userId: buyer.user.id } })).toBe(1);
    },
  );
});
