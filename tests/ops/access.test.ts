/**
 * The ops console answers 404 to everyone but staff (docs/operations.md): every /api/ops contract
 * in the registry, called signed out, as a shopper, a farmer and a restaurant, answers exactly
 * what an unknown address answers. Walks lib/contracts/index.ts, so a new ops call is checked
 * without being listed here.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { endpoints } from "@/lib/contracts/index";
import { opsApi } from "@/lib/contracts/ops";
import * as unknownRoute from "@/app/api/[[...path]]/route";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";
import {
  createFarmerWithSession,
  createUserWithSession,
  TEST_PASSWORD,
} from "../support/factories";
import { applicant, auditRows, callOps, createStaff } from "./support";

const ops = endpoints.filter((e) => e.path.startsWith("/api/ops/"));
const params = { id: "1", userId: "1", sessionId: "0".repeat(32), stripeId: "dp_access" };
const bodies: Record<string, unknown> = {
  "/api/ops/step-up": { password: TEST_PASSWORD },
  "/api/ops/business-accounts/{userId}/decision": { decision: "approve" },
  "/api/ops/people/{id}/wallet-adjustments": { amount: 5, reason: "Goodwill credit" },
  "/api/ops/payouts/{id}/paid": { reference: "BANK-123" },
  "/api/ops/farms/{id}/payout-hold": { held: true, reason: "Checking bank details" },
  "/api/ops/farms": { email: "new@farm.test", farmName: "New Farm", location: "Kelowna, BC" },
  "/api/ops/farms/{id}/verified": { verified: true },
  "/api/ops/farms/{id}/listings-paused": { paused: true, reason: "Checking the listings" },
  "/api/ops/people/{id}/wallet-holds/{stripeId}/release": { reason: "Dispute settled" },
};

describe("ops access", () => {
  it("every ops contract is staff-only and tagged ops; the registry holds the console's calls", () => {
    expect(ops.length).toBe(Object.keys(opsApi).length);
    expect(ops.filter((e) => e.auth !== "staff" || e.tag !== "ops")).toEqual([]);
    expect(endpoints.filter((e) => e.auth === "staff" && !e.path.startsWith("/api/ops/"))).toEqual(
      [],
    );
  });

  it("answers 404 like an unknown address to the signed out, a shopper, a farmer and a restaurant", async () => {
    const shopper = await createUserWithSession();
    const farmer = await createFarmerWithSession();
    const restaurant = await createUserWithSession({ userType: "restaurant" });
    const unknown = await call(unknownRoute.GET, "/api/nothing-here");
    expect(unknown.status).toBe(404);
    const callers = {
      "signed out": undefined,
      shopper: shopper.cookie,
      farmer: farmer.cookie,
      restaurant: restaurant.cookie,
    };
    const problems: string[] = [];
    for (const e of ops)
      for (const [who, cookie] of Object.entries(callers)) {
        const res = await callOps(e, params, {
          cookie,
          body: e.method === "GET" ? undefined : bodies[e.path],
        });
        if (res.status !== 404 || JSON.stringify(res.json) !== JSON.stringify(unknown.json))
          problems.push(`${e.method} ${e.path} as ${who}: ${res.status} ${res.text}`);
      }
    expect(problems).toEqual([]);
    // Cross-site or not, a non-staff mutation learns nothing more.
    const res = await callOps(
      opsApi.stepUp,
      {},
      {
        cookie: shopper.cookie,
        body: { password: TEST_PASSWORD },
        headers: { origin: "https://evil.example" },
      },
    );
    expect(res.status).toBe(404);
    expect(await auditRows()).toEqual([]);
  });

  it("answers every method of every ops address, OPTIONS included, like an unknown address to anyone but staff", async () => {
    const shopper = await createUserWithSession();
    const staff = await createStaff();
    const paths = [...new Set(ops.map((e) => e.path))];
    const problems: string[] = [];
    const shape = (res: Awaited<ReturnType<typeof call>>) =>
      JSON.stringify([
        res.status,
        res.text,
        res.headers.get("allow"),
        res.headers.get("content-type"),
      ]);
    for (const p of paths) {
      const e = ops.find((o) => o.path === p)!;
      const route = (await import(
        `@/app/${p.replace(/^\//, "").replace(/\{(\w+)\}/g, "[$1]")}/route.ts`
      )) as Record<string, Parameters<typeof call>[0]>;
      const url = p.replace(/\{(\w+)\}/g, (_, n: keyof typeof params) => params[n]);
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        const unknown = await call(unknownRoute[method as "GET"], "/api/nothing-here", { method });
        expect(unknown.status).toBe(404);
        for (const [who, cookie] of [
          ["signed out", undefined],
          ["shopper", shopper.cookie],
        ] as const) {
          const res = await call(route[method], url, { method, cookie, params });
          if (shape(res) !== shape(unknown))
            problems.push(`${method} ${p} as ${who}: ${res.status} ${res.headers.get("allow")}`);
        }
      }
      // Staff still learn which methods an address takes.
      const options = await call(route.OPTIONS, url, { method: "OPTIONS", cookie: staff.cookie });
      expect([options.status, options.headers.get("allow")], p).toEqual([
        204,
        expect.stringContaining(e.method),
      ]);
    }
    expect(problems).toEqual([]);
  });

  it("staff read every list, each answering its contract field for field; a money action without a step-up is 403 step_up_required and changes nothing", async () => {
    const staff = await createStaff();
    const shopper = await applicant("Parsnip Shopper", {
      companyName: "Parsnip Cafe",
      address: "1 Bernard Ave, Kelowna, BC",
      postalCode: "V1Y 6N1",
    });
    // The farms, waitlist and wallet-hold lists need a row each to show.
    await createFarmerWithSession();
    await db.sheetsOutbox.create({
      data: {
        submissionId: "ACCESS-1",
        source: "demo",
        row: [
          "2026-11-27T10:00:00.000Z",
          "Parsnip Shopper",
          "p@x.test",
          "Parsnip Cafe",
          "restaurant",
          "demo",
          "ACCESS-1",
        ],
      },
    });
    const topUp = await db.topUp.create({
      data: {
        userId: shopper.user.id,
        amountCents: 2500,
        status: "paid",
        paymentIntent: "pi_access",
      },
    });
    await db.walletHold.create({
      data: {
        stripeId: "dp_access",
        userId: shopper.user.id,
        topUpId: topUp.id,
        amountCents: 2500,
        reason: "fraudulent",
      },
    });
    // The audit list needs a row to show.
    await db.auditLog.create({
      data: {
        staffId: staff.user.id,
        action: "email.retry",
        target: "notification:1",
        before: { status: "failed" },
        after: { status: "pending" },
      },
    });
    for (const e of ops.filter((o) => o.method === "GET" && typeof o.response !== "string")) {
      const query = e.path === "/api/ops/people" ? "?q=parsnip" : "";
      const res = await callOps(
        e,
        { id: String(shopper.user.id) },
        { cookie: staff.cookie, query },
      );
      expect([e.path, res.status]).toEqual([e.path, 200]);
      const parsed = (e.response as z.ZodType).safeParse(res.json);
      expect(parsed.success ? [] : parsed.error.issues, e.path).toEqual([]);
      expect(parsed.data, `${e.path} sends fields its contract does not document`).toEqual(
        res.json,
      );
      if (Array.isArray(res.json)) expect(res.json.length, e.path).toBeGreaterThan(0);
    }
    const csv = await callOps(opsApi.waitlistCsv, {}, { cookie: staff.cookie });
    expect([csv.status, csv.headers.get("content-type")]).toEqual([200, "text/csv; charset=utf-8"]);
    expect(csv.text).toContain('"Parsnip Cafe"');
    const res = await callOps(
      opsApi.adjustWallet,
      { id: String(shopper.user.id) },
      { cookie: staff.cookie, body: { amount: 5, reason: "Goodwill credit" } },
    );
    expect([res.status, res.json.code]).toEqual([403, "step_up_required"]);
    expect(await db.transaction.count({ where: { userId: shopper.user.id } })).toBe(0);
    const release = await callOps(
      opsApi.releaseHold,
      { id: String(shopper.user.id), stripeId: "dp_access" },
      { cookie: staff.cookie, body: { reason: "Dispute settled" } },
    );
    expect([release.status, release.json.code]).toEqual([403, "step_up_required"]);
    expect(
      (await db.walletHold.findUniqueOrThrow({ where: { stripeId: "dp_access" } })).releasedAt,
    ).toBeNull();
    expect((await auditRows()).map((r) => r.action)).toEqual(["email.retry"]);
  });

  it("a step-up with the wrong password is 400 and allows nothing; the right one allows 10 minutes", async () => {
    const staff = await createStaff();
    const wrong = await callOps(
      opsApi.stepUp,
      {},
      {
        cookie: staff.cookie,
        body: { password: "not-my-password" },
      },
    );
    expect([wrong.status, wrong.json.errors]).toEqual([
      400,
      { password: "That password is not right" },
    ]);
    const right = await callOps(
      opsApi.stepUp,
      {},
      {
        cookie: staff.cookie,
        body: { password: TEST_PASSWORD },
      },
    );
    expect(right.status).toBe(200);
    const validFor = Date.parse(right.json.validUntil) - Date.now();
    expect(validFor).toBeGreaterThan(9 * 60_000);
    expect(validFor).toBeLessThanOrEqual(10 * 60_000);
    // Eleven minutes later the step-up no longer counts.
    const session = await db.session.findFirstOrThrow({ where: { userId: staff.user.id } });
    await db.session.update({
      where: { idHash: session.idHash },
      data: { steppedUpAt: new Date(Date.now() - 11 * 60_000) },
    });
    const shopper = await createUserWithSession();
    const late = await callOps(
      opsApi.adjustWallet,
      { id: String(shopper.user.id) },
      { cookie: staff.cookie, body: { amount: 5, reason: "Goodwill credit" } },
    );
    expect([late.status, late.json.code]).toEqual([403, "step_up_required"]);
  });
});
