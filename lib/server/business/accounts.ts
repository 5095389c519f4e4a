import "server-only";
import { db } from "@/lib/server/platform/db";
import { inTransaction } from "@/lib/server/platform/transaction";
import { AppError, conflict, forbidden } from "@/lib/server/platform/errors";
import type { BusinessAccount } from "@/lib/generated/prisma/client";
import type { BusinessAccountJson } from "@/lib/contracts/business";
import type { BusinessAccountInput } from "@/lib/validators/business";

/**
 * Business accounts (docs/restaurants.md): a buyer applies from Profile, ops approve or refuse
 * from the command line, and approval makes the user a `restaurant` — in the same transaction, so
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

/** `npm run buyer:approve -- email [--reject]`: decides a pending application. */
export async function decideBusinessAccount(
  email: string,
  decision: Decision,
): Promise<{ userId: number; companyName: string; status: "approved" | "rejected" }> {
  return inTransaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { email: email.trim().toLowerCase() },
      include: { businessAccount: true },
    });
    if (!user) throw new AppError("not_found", `No account uses ${email}`);
    const application = user.businessAccount;
    if (!application)
      throw new AppError("not_found", `${email} has not applied for a business account`);
    if (application.status !== "pending")
      throw conflict(`${email}'s application was already ${application.status}`);
    const status = decision === "approve" ? "approved" : "rejected";
    await tx.businessAccount.update({
      where: { id: application.id },
      data: { status, decidedAt: new Date() },
    });
    if (status === "approved")
      await tx.user.update({ where: { id: user.id }, data: { userType: "restaurant" } });
    return { userId: user.id, companyName: application.companyName, status };
  });
}
