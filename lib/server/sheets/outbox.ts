import "server-only";
import { deliveryOf } from "@/lib/server/platform/outbox-row";
import { db } from "@/lib/server/platform/db";
import { inTransaction, SHORT_TX_LIMITS, type Tx } from "@/lib/server/platform/transaction";
import { Prisma, type SheetsOutbox } from "@/lib/generated/prisma/client";
import type { OpsSheetRowJson } from "@/lib/contracts/ops";
import { conflict, notFound } from "@/lib/server/platform/errors";

/** The SheetsOutbox table (docs/operations.md): one row per submission waiting for, or done with, the sheet. */
export type OutboxSource = "waitlist" | "demo";

export type SheetRowInput = {
  submittedAt: Date;
  fullName: string;
  email: string;
  companyName: string;
  role: string;
  source: OutboxSource;
  submissionId: string;
};

/** Ops columns, in order: submitted at, name, email, company, role, source, submission id. */
export function sheetRow(r: SheetRowInput): string[] {
  return [
    r.submittedAt.toISOString(),
    r.fullName,
    r.email,
    r.companyName,
    r.role,
    r.source,
    r.submissionId,
  ];
}

/** The outbox insert, to run in the same transaction as the submission itself. */
export function enqueueSheetRow(tx: Tx, r: SheetRowInput) {
  return tx.sheetsOutbox.create({
    data: {
      submissionId: r.submissionId,
      source: r.source,
      row: sheetRow(r),
      createdAt: r.submittedAt,
    },
  });
}

export type ClaimedRow = { id: number; submissionId: string; row: string[]; attempts: number };

// Timestamps are `timestamp(3)` holding UTC; comparing against a UTC literal keeps the server's
// TimeZone setting out of it.
const utc = (d: Date) => Prisma.sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

/**
 * Claims up to `limit` due rows for this worker: SKIP LOCKED lets several workers (app instances or
 * `npm run worker` processes) share the table without taking the same row, and pushing
 * nextAttemptAt out by `leaseMs` keeps the row ours while we talk to Google outside any transaction.
 * `attempts` counts claims, so attempts > 1 means an earlier try may already have reached the sheet.
 */
export async function claimDueRows(
  limit: number,
  leaseMs: number,
  now = new Date(),
): Promise<ClaimedRow[]> {
  const rows = await db.$queryRaw<
    { id: number; submissionId: string; row: unknown; attempts: number }[]
  >`
    UPDATE "SheetsOutbox" o
       SET attempts = o.attempts + 1, "nextAttemptAt" = ${utc(new Date(now.getTime() + leaseMs))}
      FROM (SELECT id FROM "SheetsOutbox"
             WHERE status IN ('pending', 'failed') AND "nextAttemptAt" <= ${utc(now)}
             ORDER BY id
             LIMIT ${limit}
             FOR UPDATE SKIP LOCKED) due
     WHERE o.id = due.id
    RETURNING o.id, o."submissionId", o.row, o.attempts`;
  return rows
    .map((r) => ({
      id: Number(r.id),
      submissionId: r.submissionId,
      row: (typeof r.row === "string" ? JSON.parse(r.row) : r.row) as string[],
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Records success. `attempts` must still match our claim, so a row another worker re-claimed after our lease ran out is left to it. */
export async function markSynced(
  rows: { row: ClaimedRow; updatedRange: string }[],
  at = new Date(),
): Promise<void> {
  if (!rows.length) return;
  await inTransaction(async (tx) => {
    for (const { row, updatedRange } of rows)
      await tx.sheetsOutbox.updateMany({
        where: { id: row.id, attempts: row.attempts, status: { not: "synced" } },
        data: { status: "synced", updatedRange, syncedAt: at, lastError: null },
      });
  }, SHORT_TX_LIMITS);
}

export type RetryPolicy = {
  backoffBaseMs: number;
  backoffMaxMs: number;
  maxAttempts: number;
  failedRetryMs: number;
};

/** Exponential backoff with jitter: base·2^(n-1), capped, scaled by a random 0.5–1. */
export function backoffMs(
  attempts: number,
  policy: RetryPolicy,
  retryAfterMs = 0,
  random = Math.random,
): number {
  const exp = Math.min(
    policy.backoffMaxMs,
    policy.backoffBaseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)),
  );
  return Math.max(Math.round(exp * (0.5 + random() * 0.5)), retryAfterMs);
}

/** Schedules the next try. After maxAttempts the row is marked failed but still retried every failedRetryMs: nothing is ever dropped. */
export async function markRetry(
  rows: ClaimedRow[],
  error: string,
  policy: RetryPolicy,
  retryAfterMs = 0,
  now = new Date(),
) {
  if (!rows.length) return;
  await inTransaction(async (tx) => {
    for (const row of rows) {
      const failed = row.attempts >= policy.maxAttempts;
      const delay = failed
        ? Math.max(policy.failedRetryMs, retryAfterMs)
        : backoffMs(row.attempts, policy, retryAfterMs);
      await tx.sheetsOutbox.updateMany({
        where: { id: row.id, attempts: row.attempts, status: { not: "synced" } },
        data: {
          status: failed ? "failed" : "pending",
          lastError: error.slice(0, 1000),
          nextAttemptAt: new Date(now.getTime() + delay),
        },
      });
    }
  }, SHORT_TX_LIMITS);
}

/** When the next row falls due (null when nothing is waiting). */
export async function nextDueAt(): Promise<Date | null> {
  const r = await db.sheetsOutbox.aggregate({
    where: { status: { in: ["pending", "failed"] } },
    _min: { nextAttemptAt: true },
  });
  return r._min.nextAttemptAt;
}

export async function syncedSubmissionIds(ids: string[]): Promise<Set<string>> {
  const rows = await db.sheetsOutbox.findMany({
    where: { submissionId: { in: ids }, status: "synced" },
    select: { submissionId: true },
  });
  return new Set(rows.map((r) => r.submissionId));
}

export type OutboxCounts = {
  pending: number;
  failed: number;
  synced: number;
  oldestPendingAt: Date | null;
  lastError: string | null;
};

export async function outboxCounts(): Promise<OutboxCounts> {
  const [groups, oldest, lastFailure] = await Promise.all([
    db.sheetsOutbox.groupBy({ by: ["status"], _count: { _all: true } }),
    db.sheetsOutbox.aggregate({
      where: { status: { in: ["pending", "failed"] } },
      _min: { createdAt: true },
    }),
    db.sheetsOutbox.findFirst({
      where: { status: { in: ["pending", "failed"] }, lastError: { not: null } },
      orderBy: { id: "desc" },
      select: { lastError: true },
    }),
  ]);
  const count = (s: string) => groups.find((g) => g.status === s)?._count._all ?? 0;
  return {
    pending: count("pending"),
    failed: count("failed"),
    synced: count("synced"),
    oldestPendingAt: oldest._min.createdAt,
    lastError: lastFailure?.lastError ?? null,
  };
}

/** Admin: puts failed rows back in the queue for an immediate try. */
export async function requeueFailed(now = new Date()): Promise<number> {
  const r = await db.sheetsOutbox.updateMany({
    where: { status: "failed" },
    data: { status: "pending", nextAttemptAt: now },
  });
  return r.count;
}

/** The ops console's Outboxes screen: rows waiting or failed, oldest first. */
export async function listUnsyncedRows(limit = 100): Promise<OpsSheetRowJson[]> {
  const rows = await db.sheetsOutbox.findMany({
    where: { status: { in: ["pending", "failed"] } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
  });
  return rows.map(serializeSheetRow);
}

const serializeSheetRow = (r: SheetsOutbox): OpsSheetRowJson => ({
  id: r.id,
  source: r.source,
  submissionId: r.submissionId,
  status: r.status,
  ...deliveryOf(r),
});

/**
 * Retry now (ops console): a waiting or failed row is due at once with a fresh set of attempts,
 * in the caller's transaction (with its audit row). A synced row is refused (409).
 */
export async function retrySheetRow(
  tx: Tx,
  id: number,
  now = new Date(),
): Promise<{ before: OpsSheetRowJson; after: OpsSheetRowJson }> {
  const [row] = await tx.$queryRaw<SheetsOutbox[]>`
    SELECT * FROM "SheetsOutbox" WHERE "id" = ${id} FOR UPDATE`;
  if (!row) throw notFound("Sheets row not found");
  if (row.status === "synced") throw conflict("This row is already in the sheet");
  const after = await tx.sheetsOutbox.update({
    where: { id },
    data: { status: "pending", attempts: 0, nextAttemptAt: now },
  });
  return { before: serializeSheetRow(row), after: serializeSheetRow(after) };
}
