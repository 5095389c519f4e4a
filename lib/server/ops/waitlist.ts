import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OpsSubmissionJson } from "@/lib/contracts/ops";
import { readRows, sqlInt } from "@/lib/server/platform/db";
import { toCsv } from "@/lib/server/platform/csv";
import { escapeLike } from "@/lib/server/platform/like";
import { toTimePage } from "@/lib/server/platform/pagination";
import type { Page, TimeCursor } from "@/lib/validators/page";

/**
 * The ops console's Waitlist screen (docs/operations.md, "Waitlist and demo requests"): the rows
 * the Google Sheet gets, read from the Sheets outbox (one row per waitlist entry or demo request,
 * the sheet's columns as they will be written), with their sync state. A demo request's phone
 * number, which the sheet does not get, comes from its own table. Personal data: staff only.
 */
export type WaitlistFilter = {
  q?: string;
  source?: "waitlist" | "demo";
  status?: "pending" | "synced" | "failed";
};

type Row = {
  id: number;
  submissionId: string;
  source: string;
  createdAt: Date;
  row: string[] | string;
  phoneNumber: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  syncedAt: Date | null;
};

/** At most this many rows go into one CSV download. */
export const WAITLIST_CSV_MAX = 10_000;

// `timestamp(3)` columns hold UTC: compare with a UTC literal, whatever the server's TimeZone.
const utc = (d: Date) => Prisma.sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

function rows(f: WaitlistFilter, limit: number, cursor?: TimeCursor) {
  const text = f.q?.trim();
  const like = `%${escapeLike(text ?? "")}%`;
  const where = [
    f.source ? Prisma.sql`o."source" = ${f.source}` : Prisma.empty,
    f.status ? Prisma.sql`o."status" = ${f.status}::"OutboxStatus"` : Prisma.empty,
    // The sheet's columns: 1 name, 2 email, 3 company.
    text
      ? Prisma.sql`(o."row"->>1 ILIKE ${like} OR o."row"->>2 ILIKE ${like} OR o."row"->>3 ILIKE ${like})`
      : Prisma.empty,
    cursor ? Prisma.sql`(o."createdAt", o."id") < (${utc(cursor.at)}, ${cursor.id})` : Prisma.empty,
  ].filter((w) => w !== Prisma.empty);
  return readRows<Row>(Prisma.sql`
    SELECT o."id", o."submissionId", o."source", o."createdAt", o."row", d."phoneNumber",
      o."status"::text AS "status", o."attempts", o."lastError", o."syncedAt"
    FROM "SheetsOutbox" o LEFT JOIN "DemoRequest" d ON d."submissionId" = o."submissionId"
    WHERE ${where.length ? Prisma.join(where, " AND ") : Prisma.sql`true`}
    ORDER BY o."createdAt" DESC, o."id" DESC LIMIT ${sqlInt(limit)}`);
}

function toJson(r: Row): OpsSubmissionJson {
  const cells = (typeof r.row === "string" ? JSON.parse(r.row) : r.row) as string[];
  return {
    id: r.id,
    submissionId: r.submissionId,
    source: r.source === "demo" ? "demo" : "waitlist",
    submittedAt: r.createdAt.toISOString(),
    fullName: cells[1] ?? "",
    email: cells[2] ?? "",
    companyName: cells[3] ?? "",
    role: cells[4] ?? "",
    phoneNumber: r.phoneNumber,
    status: r.status as OpsSubmissionJson["status"],
    attempts: r.attempts,
    lastError: r.lastError,
    syncedAt: r.syncedAt?.toISOString() ?? null,
  };
}

/** GET /api/ops/waitlist: newest first, by (createdAt, id). */
export async function listSubmissions(
  f: WaitlistFilter & { limit: number; cursor?: TimeCursor },
): Promise<Page<OpsSubmissionJson>> {
  const found = await rows(f, f.limit + 1, f.cursor);
  return toTimePage(found, f.limit, "createdAt", toJson);
}

const CSV_HEADER = [
  "Submitted at",
  "Name",
  "Email",
  "Company",
  "Role",
  "Phone",
  "Source",
  "Submission id",
  "Sheet",
  "Last error",
] as const;

/** GET /api/ops/waitlist.csv: the same rows, newest first, at most WAITLIST_CSV_MAX. */
export async function submissionsCsv(f: WaitlistFilter): Promise<string> {
  const found = (await rows(f, WAITLIST_CSV_MAX)).map(toJson);
  return toCsv(
    CSV_HEADER,
    found.map((s) => [
      s.submittedAt,
      s.fullName,
      s.email,
      s.companyName,
      s.role,
      s.phoneNumber,
      s.source,
      s.submissionId,
      s.status,
      s.lastError,
    ]),
  );
}
