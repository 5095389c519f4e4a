/**
 * Where reconcile's result goes (docs/money.md, "Reconciliation"): the worker's daily round, one
 * a day whichever instances run it; /ops → Today shows the latest; `npm run payments:reconcile`
 * prints every difference and exits 1, or 0 when clean.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { opsApi } from "@/lib/contracts/ops";
import { db } from "@/lib/server/platform/db";
import { recordReconcile, startReconcileWorker } from "@/lib/server/payments/reconcile";
import { createFarm } from "../support/factories";
import { migrationSql } from "../support/migrations";
import { runScript } from "../support/scripts";
import { startStripeEmulator, type StripeEmulator } from "../support/stripe-emulator";
import { callOps, createStaff } from "../ops/support";

describe("the daily round and /ops → Today", () => {
  it("runs once a day whichever worker claims it, and Today shows the latest result", async () => {
    const staff = await createStaff();
    const before = await callOps(opsApi.today, {}, { cookie: staff.cookie });
    expect(before.status).toBe(200);
    expect(before.json.reconcile).toBeNull();

    const { farm } = await createFarm();
    // A farm balance that no ledger row explains: our books disagree with themselves.
    await db.farmAccount.create({ data: { farmId: farm.id, balanceCents: 1 } });
    const logs: string[] = [];
    const loops = [1, 2].map(() =>
      startReconcileWorker({ firstMs: 0, intervalMs: 600_000, log: (m) => logs.push(m) }),
    );
    await vi.waitFor(() => expect(logs.length).toBeGreaterThanOrEqual(1), { timeout: 30_000 });
    await Promise.all(loops.map((l) => l.stop()));
    expect(logs).toEqual(["1 difference(s) against our books"]);
    const day = new Date().toISOString().slice(0, 10);
    expect(await db.reconcileRun.count({ where: { day } })).toBe(1);
    expect(await recordReconcile({ day })).toBeNull();

    const today = await callOps(opsApi.today, {}, { cookie: staff.cookie });
    expect(today.json.reconcile).toEqual({
      at: expect.any(String),
      against: "demo",
      since: expect.any(String),
      differences: 1,
      lines: [`farm ${farm.id}: balance 1, ledger 0`],
    });

    await db.farmAccount.update({ where: { farmId: farm.id }, data: { balanceCents: 0 } });
    const cli = await recordReconcile();
    expect(cli?.differences).toBe(0);
    const after = await callOps(opsApi.today, {}, { cookie: staff.cookie });
    expect(after.json.reconcile).toMatchObject({ differences: 0, lines: [] });
  });
});

describe("npm run payments:reconcile", () => {
  let emulator: StripeEmulator;
  let dir: string;
  beforeAll(async () => {
    emulator = await startStripeEmulator();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-reconcile-"));
    const pg = new PGlite(path.join(dir, "db"));
    await pg.exec(migrationSql());
    await pg.close();
  });
  afterAll(async () => {
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = () =>
    runScript("scripts/payments-reconcile.ts", [], {
      DATABASE_URL: `pglite:${path.join(dir, "db")}`,
      DATA_DIR: dir,
      STRIPE_SECRET_KEY: emulator.secretKey,
      STRIPE_WEBHOOK_SECRET: emulator.webhookSecret,
      STRIPE_API_URL: emulator.url,
    });

  it("exits 0 when our books and Stripe agree, 1 with a line for each difference", async () => {
    const clean = await run();
    expect(clean.code, clean.err).toBe(0);
    expect(clean.out).toContain("ok   Stripe refunds = card refunds");
    expect(clean.out.trimEnd().split("\n").at(-1)).toBe("Every check holds");

    // A payment taken in Stripe that no top-up of ours asked for.
    const client = new Stripe(emulator.secretKey, {
      host: "127.0.0.1",
      port: Number(new URL(emulator.url).port),
      protocol: "http",
    });
    const session = await client.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: 1234, product_data: { name: "Stray" } },
        },
      ],
      success_url: "http://x.test/ok",
      cancel_url: "http://x.test/no",
    });
    emulator.pay(session.id);
    const dirty = await run();
    expect(dirty.code, dirty.err).toBe(1);
    expect(dirty.out).toContain(
      `FAIL Stripe paid Checkout Sessions = card top-up credits\n     In Stripe, not in our books: paid Checkout Session ${session.id} of $12.34 names no top-up of ours\n`,
    );
    expect(dirty.out.trimEnd().split("\n").at(-1)).toBe("1 difference(s) found");
  });
});
