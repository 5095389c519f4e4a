import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditEntryJson } from "@/lib/contracts/ops";
import { db } from "@/lib/server/platform/db";
import { afterTimeCursor, toTimePage } from "@/lib/server/platform/pagination";
import type { Tx } from "@/lib/server/platform/transaction";
import type { Page, TimeCursor } from "@/lib/validators/page";

/**
 * The audit log (docs/operations.md, "Audit log"): the one writer of `AuditLog`. Every ops action
 * — from the console or an ops command on the server — calls `recordAudit` inside the transaction
 * that does the work, so the row exists exactly when the change does; a refused action rolls back
 * with it and leaves nothing. The table is append-only (a trigger refuses UPDATE and DELETE).
 */
export type AuditAction =
  | "staff.grant"
  | "business.approve"
  | "business.reject"
  | "farm.invite"
  | "farm.verify"
  | "farm.unverify"
  | "farm.pause"
  | "farm.resume"
  | "session.revoke"
  | "wallet.adjust"
  | "wallet.release_hold"
  | "payout.mark_paid"
  | "payout.hold"
  | "payout.release"
  | "email.retry"
  | "sheets.retry";

export type AuditInput = {
  /** The staff member, or null for an ops command run on the server. */
  staffId: number | null;
  action: AuditAction;
  /** `kind:id`, e.g. `user:12`. */
  target: string;
  before: Prisma.InputJsonValue | null;
  after: Prisma.InputJsonValue | null;
};

export async function recordAudit(tx: Tx, entry: AuditInput): Promise<void> {
  await tx.auditLog.create({
    data: {
      staffId: entry.staffId,
      action: entry.action,
      target: entry.target,
      ...(entry.before === null ? {} : { before: entry.before }),
      ...(entry.after === null ? {} : { after: entry.after }),
    },
  });
}

export type AuditFilter = {
  limit: number;
  cursor?: TimeCursor;
  action?: string;
  staffId?: number;
  target?: string;
};

/** GET /api/ops/audit: newest first, by (at, id), filtered by action, staff member or target. */
export async function listAudit(f: AuditFilter): Promise<Page<AuditEntryJson>> {
  const rows = await db.auditLog.findMany({
    where: {
      ...(f.action ? { action: f.action } : {}),
      ...(f.staffId ? { staffId: f.staffId } : {}),
      ...(f.target ? { target: f.target } : {}),
      ...afterTimeCursor("at", f.cursor, "desc"),
    },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: f.limit + 1,
    include: { staff: { select: { id: true, fullName: true } } },
  });
  return toTimePage(rows, f.limit, "at", (r) => ({
    id: r.id,
    at: r.at.toISOString(),
    staff: r.staff,
    action: r.action,
    target: r.target,
    before: (r.before ?? null) as AuditEntryJson["before"],
    after: (r.after ?? null) as AuditEntryJson["after"],
  }));
}
