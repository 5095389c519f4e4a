import "server-only";
import { db } from "@/lib/server/platform/db";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import { recordAudit } from "@/lib/server/audit/log";
import { enqueueBusinessDecision } from "@/lib/server/notifications/account-emails";
import { AppError, conflict, forbidden } from "@/lib/server/platform/errors";
import type { BusinessAccount, BusinessKind, UserType } from "@/lib/generated/prisma/client";
import type { OpsApplicationJson } from "@/lib/contracts/ops";
import type { BusinessAccountJson } from "@/lib/contracts/business";
import type { BusinessAccountInput } from "@/lib/validators/business";

/**
 * Business accounts (docs/restaurants.md): a buyer applies from Profile, ops approve or refuse
 * in the ops console or from the command line (both on the audit log, docs/operations.md), and approval makes the user a `restaurant` — in the same transaction, so
 * the session cache hears of the new type through the User trigger at once.
 */
export const serializeBusinessAccount = (a: BusinessAccount): BusinessAccountJson => ({
  status: a.status,
  companyName: a.companyName,
  businessNumber: a.businessNumber,
  address: a.address,
  postalCode: a.postalCode,
  createdAt: a.createdAt.toISOString(),
  decidedAt: a.decidedAt?.toISOString() ?? null,
  approvedAs: a.approvedAs,
});

export async function getBusinessAccount(userId: number): Promise<BusinessAccountJson | null> {
  const a = await db.businessAccount.findUnique({ where: { userId } });
  return a ? serializeBusinessAccount(a) : null;
}

export async function applyForBusinessAccount(
  user: { id: number; userType: string },
  input: BusinessAccountInput,
): Promise<BusinessAccountJson> {
  if (user.userType === "farmer")
    throw forbidden("Farm accounts sell: a business account is for buyers");
  return inTransaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${user.id} FOR UPDATE`;
    const current = await tx.businessAccount.findUnique({ where: { userId: user.id } });
    if (current?.status === "pending")
      throw conflict("Your application is being reviewed: we will let you know");
    if (current?.status === "approved" || user.userType === "restaurant")
      throw conflict("Your account is already a business account");
    const data = { ...input, status: "pending" as const, createdAt: new Date(), decidedAt: null };
    const row = current
      ? await tx.businessAccount.update({ where: { userId: user.id }, data })
      : await tx.businessAccount.create({ data: { userId: user.id, ...data } });
    return serializeBusinessAccount(row);
  });
}

export type Decision = "approve" | "reject";
export type Decided = {
  userId: number;
  companyName: string;
  status: "approved" | "rejected";
  approvedAs: BusinessKind | null;
};

/**
 * Who decides: a staff member in the ops console, or (null) an ops command on the server; `as`:
 * what an approval makes the account, a restaurant (default) or a distributor (docs/hubs.md).
 */
export type Decider = { staffId: number | null; reason?: string; as?: BusinessKind };

/** `npm run buyer:approve -- email [--reject] [--as distributor]`: decides a pending application. */
export async function decideBusinessAccount(
  email: string,
  decision: Decision,
  by: Decider = { staffId: null },
): Promise<Decided> {
  return inTransaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { email: email.trim().toLowerCase() },
      select: { id: true },
    });
    if (!user) throw new AppError("not_found", `No account uses ${email}`);
    return decide(tx, user.id, decision, by, email);
  });
}

/** The ops console's Approve / Reject (POST /api/ops/business-accounts/{userId}/decision). */
export async function decideBusinessAccountOf(
  userId: number,
  decision: Decision,
  by: Decider,
): Promise<OpsApplicationJson> {
  return inTransaction(async (tx) => {
    await decide(tx, userId, decision, by, null);
    const row = await tx.businessAccount.findUniqueOrThrow({
      where: { userId },
      include: { user: { select: APPLICANT } },
    });
    return serializeApplication(row);
  });
}

/**
 * One decision, once: the application moves from `pending` by a conditional UPDATE, so of two
 * staff deciding at once the second finds nothing pending and is refused (409) with no change.
 * In the same transaction: the user becomes a restaurant (approval), the buyer's email is queued
 * and the audit row is written.
 */
async function decide(
  tx: Tx,
  userId: number,
  decision: Decision,
  by: Decider,
  email: string | null,
): Promise<Decided> {
  const application = await tx.businessAccount.findUnique({
    where: { userId },
    include: { user: { select: { userType: true } } },
  });
  if (!application)
    throw new AppError(
      "not_found",
      email ? `${email} has not applied for a business account` : "Application not found",
    );
  const status = decision === "approve" ? "approved" : "rejected";
  const decidedAt = new Date();
  const approvedAs = status === "approved" ? (by.as ?? "restaurant") : null;
  const { count } = await tx.businessAccount.updateMany({
    where: { id: application.id, status: "pending" },
    data: { status, decidedAt, approvedAs },
  });
  if (count === 0) {
    const now = await tx.businessAccount.findUniqueOrThrow({ where: { id: application.id } });
    throw conflict(`${email ? `${email}'s` : "This"} application was already ${now.status}`);
  }
  if (status === "approved")
    await tx.user.update({ where: { id: userId }, data: { userType: "restaurant" } });
  await enqueueBusinessDecision(tx, userId, application.id, decidedAt, by.reason ?? null);
  await recordAudit(tx, {
    staffId: by.staffId,
    action: status === "approved" ? "business.approve" : "business.reject",
    target: `user:${userId}`,
    before: { status: "pending", userType: application.user.userType },
    after: {
      status,
      userType: status === "approved" ? "restaurant" : application.user.userType,
      ...(approvedAs ? { as: approvedAs } : {}),
      ...(by.reason ? { reason: by.reason } : {}),
      ...(by.staffId === null ? { via: "cli" } : {}),
    },
  });
  return { userId, companyName: application.companyName, status, approvedAs };
}

const APPLICANT = { fullName: true, email: true, userType: true } as const;

function serializeApplication(
  a: BusinessAccount & { user: { fullName: string; email: string; userType: UserType } },
): OpsApplicationJson {
  return {
    userId: a.userId,
    fullName: a.user.fullName,
    email: a.user.email,
    userType: a.user.userType,
    ...serializeBusinessAccount(a),
  };
}

/** The ops console's list: applications with one status, oldest first (the queue order). */
export async function listApplications(
  status: "pending" | "approved" | "rejected",
): Promise<OpsApplicationJson[]> {
  const rows = await db.businessAccount.findMany({
    where: { status },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 100,
    include: { user: { select: APPLICANT } },
  });
  return rows.map(serializeApplication);
}
