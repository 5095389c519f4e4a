import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditEntryJson } from "@/lib/contracts/ops";
import { db } from "@/lib/server/platform/db";
import { afterTimeCursor, toTimePage } from "@/lib/server/platform/pagination";
import type { Tx } from "@/lib/server/platform/transaction";
import type { Page, TimeCursor } from "@/lib/validators/page";
import { auditSentence, type AuditAction } from "@/lib/audit-actions";

/**
 * The audit log (docs/operations.md, "Audit log"): the one writer of `AuditLog`. Every ops action
 * — from the console or an ops command on the server — calls `recordAudit` inside the transaction
 * that does the work, so the row exists exactly when the change does; a refused action rolls back
 * with it and leaves nothing. The table is append-only (a trigger refuses UPDATE and DELETE).
 */
export type { AuditAction };

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
  const names = await targetNames(rows.map((r) => r.target));
  return toTimePage(rows, f.limit, "at", (r) => {
    const before = (r.before ?? null) as AuditEntryJson["before"];
    const after = (r.after ?? null) as AuditEntryJson["after"];
    const targetName = names.get(r.target) ?? null;
    return {
      id: r.id,
      at: r.at.toISOString(),
      staff: r.staff,
      action: r.action,
      target: r.target,
      targetName,
      summary: auditSentence(
        r.action,
        r.staff?.fullName ?? "An ops command",
        targetName ?? r.target,
      ),
      changes: changesOf(before, after),
      before,
      after,
    };
  });
}

/** The fields whose value differs between before and after, in the order they first appear. */
function changesOf(
  before: AuditEntryJson["before"],
  after: AuditEntryJson["after"],
): AuditEntryJson["changes"] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((c) => JSON.stringify(c.before) !== JSON.stringify(c.after));
}

/**
 * What each `kind:id` target is called: a person (their business's name when they have one), a
 * farm, a farm's payout, an email or a sheet row. One query per kind for the whole page.
 */
async function targetNames(targets: string[]): Promise<Map<string, string>> {
  const ids = (kind: string) => [
    ...new Set(
      targets.flatMap((t) => {
        const [k, id] = t.split(":");
        return k === kind && /^\d+$/.test(id ?? "") ? [Number(id)] : [];
      }),
    ),
  ];
  const [users, farms, payouts] = await Promise.all([
    db.user.findMany({
      where: { id: { in: ids("user") } },
      select: { id: true, fullName: true, businessAccount: { select: { companyName: true } } },
    }),
    db.farm.findMany({ where: { id: { in: ids("farm") } }, select: { id: true, farmName: true } }),
    db.payout.findMany({
      where: { id: { in: ids("payout") } },
      select: { id: true, farm: { select: { farmName: true } } },
    }),
  ]);
  const names = new Map<string, string>();
  for (const u of users) names.set(`user:${u.id}`, u.businessAccount?.companyName ?? u.fullName);
  for (const f of farms) names.set(`farm:${f.id}`, f.farmName);
  for (const p of payouts) names.set(`payout:${p.id}`, `payout #${p.id} to ${p.farm.farmName}`);
  for (const id of ids("notification")) names.set(`notification:${id}`, `email #${id}`);
  for (const id of ids("sheets-row")) names.set(`sheets-row:${id}`, `waitlist row #${id}`);
  return names;
}
