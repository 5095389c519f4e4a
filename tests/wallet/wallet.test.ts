import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as walletRoute from "@/app/api/wallet/route";
import * as transactionsRoute from "@/app/api/transactions/route";
import * as topupRoute from "@/app/api/transactions/topup/route";
import { call } from "../support/http";
import { createUserWithSession } from "../support/factories";
import { onPostgres } from "../support/pg";
import { balanceCents, checkLedgerAfterEach, topUp } from "./support";

checkLedgerAfterEach();

let me: Awaited<ReturnType<typeof createUserWithSession>>;
beforeEach(async () => {
  me = await createUserWithSession({ fullName: "Wanda Wallet" });
});

describe("GET /api/wallet", () => {
  it("creates the wallet on first use with a human wallet id and a zero balance", async () => {
    const first = await call(walletRoute.GET, "/api/wallet", { cookie: me.cookie });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      walletId: expect.stringMatching(/^FF-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/),
      balance: 0,
      currency: "USD",
    });
    const again = await call(walletRoute.GET, "/api/wallet", { cookie: me.cookie });
    expect(again.json.walletId).toBe(first.json.walletId);
    expect(await db.wallet.count({ where: { userId: me.user.id } })).toBe(1);
  });

  it("answers 401 when signed out", async () => {
    expect((await call(walletRoute.GET, "/api/wallet")).status).toBe(401);
    expect((await call(transactionsRoute.GET, "/api/transactions")).status).toBe(401);
    expect((await topUp("", 10)).status).toBe(401);
  });
});

describe("POST /api/transactions/topup", () => {
  it("credits the wallet and writes one top-up ledger row", async () => {
    const res = await topUp(me.cookie, 25.5);
    expect(res.status).toBe(200);
    expect(res.json.wallet).toMatchObject({ balance: 25.5, currency: "USD" });
    // A first top-up opens the wallet itself (one statement, lib/server/wallet/top-up.ts).
    const wallet = await db.wallet.findUniqueOrThrow({ where: { userId: me.user.id } });
    expect(res.json.wallet.walletId).toBe(wallet.walletId);
    expect(wallet.walletId).toMatch(/^FF-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(res.json.transaction).toMatchObject({
      type: "top-up",
      amount: 25.5,
      description: "Wallet top-up",
    });
    expect(res.json.transaction.reference).toMatch(/^TOP-/);
    expect(await balanceCents(me.user.id)).toBe(2550);
  });

  it("accepts the boundaries 0.01 and 10,000.00, and sums cents exactly", async () => {
    expect((await topUp(me.cookie, 0.01)).status).toBe(200);
    expect((await topUp(me.cookie, 10_000)).status).toBe(200);
    expect((await topUp(me.cookie, 0.1)).status).toBe(200);
    expect((await topUp(me.cookie, 0.2)).status).toBe(200);
    expect(await balanceCents(me.user.id)).toBe(1_000_031);
    const wallet = await call(walletRoute.GET, "/api/wallet", { cookie: me.cookie });
    expect(wallet.json.balance).toBe(10000.31);
  });

  const invalid: [string, string][] = [
    ["zero", `{"amount":0}`],
    ["negative", `{"amount":-1}`],
    ["three decimals", `{"amount":1.001}`],
    // Once credited as $0.01: the 2-decimal check tolerated a difference of 1e-6 cents.
    ["nine decimals just under a cent", `{"amount":0.009999999}`],
    ["many decimals just over a dollar", `{"amount":1.0000001}`],
    ["a cent and a hair", `{"amount":0.0100000001}`],
    ["float noise of a sum", `{"amount":0.30000000000000004}`],
    ["exponent below a cent", `{"amount":1e-7}`],
    ["over the maximum", `{"amount":10000.01}`],
    ["a word", `{"amount":"abc"}`],
    ["a letter O for a zero", `{"amount":"2O"}`],
    ["the string NaN", `{"amount":"NaN"}`],
    ["a numeric string", `{"amount":"12"}`],
    ["null", `{"amount":null}`],
    ["missing", `{}`],
    ["overflowing to Infinity", `{"amount":1e309}`],
    ["a boolean", `{"amount":true}`],
    ["an array", `{"amount":[5]}`],
  ];
  it.each(invalid)(
    "refuses %s with 400 'Please enter a valid amount' and writes nothing",
    async (_name, raw) => {
      const res = await call(topupRoute.POST, "/api/transactions/topup", {
        rawBody: raw,
        cookie: me.cookie,
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("Please enter a valid amount");
      expect(await db.transaction.count({ where: { userId: me.user.id } })).toBe(0);
    },
  );

  it("replays the first answer for a repeated Idempotency-Key and writes one ledger row", async () => {
    const first = await topUp(me.cookie, 40, "topup-key-1");
    const second = await topUp(me.cookie, 40, "topup-key-1");
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await db.transaction.count({ where: { userId: me.user.id } })).toBe(1);
    expect(await balanceCents(me.user.id)).toBe(4000);
  });

  it("answers 409 when a key is reused with a different amount, and writes nothing", async () => {
    expect((await topUp(me.cookie, 40, "topup-key-2")).status).toBe(200);
    const res = await topUp(me.cookie, 41, "topup-key-2");
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/Idempotency-Key/);
    expect(await balanceCents(me.user.id)).toBe(4000);
  });

  it("scopes keys per user: another user's identical key is a separate top-up", async () => {
    const other = await createUserWithSession();
    expect((await topUp(me.cookie, 5, "shared-key")).status).toBe(200);
    expect((await topUp(other.cookie, 5, "shared-key")).status).toBe(200);
    expect(await balanceCents(other.user.id)).toBe(500);
  });

  it.each([
    ["too long", "k".repeat(201)],
    ["with spaces", "a key"],
    ["non-ASCII", "clé"],
  ])("refuses an Idempotency-Key that is %s", async (_n, key) => {
    const res = await topUp(me.cookie, 5, key);
    expect(res.status).toBe(400);
    expect(await db.transaction.count({ where: { userId: me.user.id } })).toBe(0);
  });

  it("refuses a top-up that would push the wallet over $1,000,000.00", async () => {
    // 100 maximum top-ups reach the cap exactly.
    for (let i = 0; i < 100; i++) expect((await topUp(me.cookie, 10_000)).status).toBe(200);
    const res = await topUp(me.cookie, 0.01);
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/at most \$1,000,000\.00/);
    expect(await balanceCents(me.user.id)).toBe(100_000_000);
  });

  it("replays a key's first answer even when the wallet has since reached its cap", async () => {
    for (let i = 0; i < 99; i++) expect((await topUp(me.cookie, 10_000)).status).toBe(200);
    const last = await topUp(me.cookie, 10_000, "cap-key");
    expect(last.status).toBe(200);
    const again = await topUp(me.cookie, 10_000, "cap-key");
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(last.json);
    expect((await topUp(me.cookie, 5_000, "cap-key")).status).toBe(409);
    expect(await balanceCents(me.user.id)).toBe(100_000_000);
  });

  it("refuses a cross-site top-up", async () => {
    const res = await call(topupRoute.POST, "/api/transactions/topup", {
      body: { amount: 5 },
      cookie: me.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });

  it.skipIf(!onPostgres)(
    "lands 30 concurrent top-ups exactly once each (needs PostgreSQL: PGlite serialises everything)",
    async () => {
      const amounts = Array.from({ length: 30 }, (_, i) => 1 + i * 0.37);
      const results = await Promise.all(
        amounts.map((a, i) => topUp(me.cookie, Math.round(a * 100) / 100, `concurrent-${i}`)),
      );
      expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
      const expected = amounts.reduce((s, a) => s + Math.round(a * 100), 0);
      expect(await balanceCents(me.user.id)).toBe(expected);
      expect(await db.transaction.count({ where: { userId: me.user.id, type: "top_up" } })).toBe(
        30,
      );
      expect(await db.wallet.count({ where: { userId: me.user.id } })).toBe(1);
    },
  );

  it.skipIf(!onPostgres)(
    "opens one wallet when first top-ups race the wallet page's first read (needs PostgreSQL for real parallelism)",
    async () => {
      const [reads, tops] = await Promise.all([
        Promise.all(
          Array.from({ length: 5 }, () =>
            call(walletRoute.GET, "/api/wallet", { cookie: me.cookie }),
          ),
        ),
        Promise.all(Array.from({ length: 10 }, (_, i) => topUp(me.cookie, 5, `first-${i}`))),
      ]);
      expect([...reads, ...tops].map((r) => r.status)).toEqual(Array(15).fill(200));
      const wallet = await db.wallet.findUniqueOrThrow({ where: { userId: me.user.id } });
      for (const r of reads) expect(r.json.walletId).toBe(wallet.walletId);
      for (const r of tops) expect(r.json.wallet.walletId).toBe(wallet.walletId);
      expect(wallet.balanceCents).toBe(5000);
      expect(await db.transaction.count({ where: { userId: me.user.id, type: "top_up" } })).toBe(
        10,
      );
    },
  );

  it.skipIf(!onPostgres)(
    "executes 10 concurrent duplicates of one key once (needs PostgreSQL for real parallelism)",
    async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => topUp(me.cookie, 12.34, "same-key")),
      );
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      for (const r of results) expect(r.json).toEqual(results[0].json);
      expect(await db.transaction.count({ where: { userId: me.user.id } })).toBe(1);
      expect(await balanceCents(me.user.id)).toBe(1234);
    },
  );
});

describe("POST /api/transactions/topup on a wallet that exists", () => {
  it.skipIf(!onPostgres)(
    "executes each key once among 20 concurrent top-ups, 10 of them one key (needs PostgreSQL for real parallelism)",
    async () => {
      expect((await topUp(me.cookie, 1)).status).toBe(200);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 ? topUp(me.cookie, 2.5, "hot-key") : topUp(me.cookie, 0.25, `own-${i}`),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
      const dupes = results.filter((_, i) => i % 2);
      for (const r of dupes) expect(r.json).toEqual(dupes[0].json);
      expect(dupes.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
      expect(await db.transaction.count({ where: { userId: me.user.id } })).toBe(1 + 1 + 10);
      expect(await balanceCents(me.user.id)).toBe(100 + 250 + 10 * 25);
    },
  );
});

describe("GET /api/transactions", () => {
  it("lists the ledger newest first with signed dollar amounts", async () => {
    await topUp(me.cookie, 10);
    await topUp(me.cookie, 20.25);
    const res = await call(transactionsRoute.GET, "/api/transactions", { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(2);
    expect(res.json[0]).toEqual({
      id: expect.any(Number),
      type: "top-up",
      amount: 20.25,
      description: "Wallet top-up",
      reference: expect.any(String),
      timestamp: expect.any(String),
    });
    expect(res.json[1].amount).toBe(10);
  });

  it("shows only the signed-in user's rows", async () => {
    const other = await createUserWithSession();
    await topUp(other.cookie, 99);
    const res = await call(transactionsRoute.GET, "/api/transactions", { cookie: me.cookie });
    expect(res.json).toEqual([]);
  });
});

describe("idempotency key retention", () => {
  it("purges keys older than 24 hours, after which the key may be used again", async () => {
    const { purgeIdempotencyKeys } = await import("@/lib/server/platform/idempotency");
    expect((await topUp(me.cookie, 3, "old-key")).status).toBe(200);
    await db.idempotencyKey.updateMany({
      where: { userId: me.user.id, key: "old-key" },
      data: { createdAt: new Date(Date.now() - 25 * 3600_000) },
    });
    expect(await purgeIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    expect(await db.idempotencyKey.count({ where: { userId: me.user.id } })).toBe(0);
    const again = await topUp(me.cookie, 3, "old-key");
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(await balanceCents(me.user.id)).toBe(600);
  });
});
