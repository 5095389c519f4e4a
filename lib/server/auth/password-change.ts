import "server-only";
import { db } from "@/lib/server/platform/db";
import { badRequest } from "@/lib/server/platform/errors";
import { release, reset } from "@/lib/server/platform/rate-limit";
import { inTransaction } from "@/lib/server/platform/transaction";
import type { ChangePasswordInput } from "@/lib/validators/account-security";
import { consumePasswordBudgets, type RequestMeta } from "./sign-in";
import { retireTokens } from "./account-tokens";
import { refuseCommonPassword } from "./common-passwords";
import { hashPassword, verifyPassword } from "./password";
import { endSessionsOf, sessionHashOf } from "./sessions";

/**
 * Profile → Security → Change password (docs/accounts.md). The current password is checked under
 * the sign-in budgets (README, "Security"): a wrong one counts as a failed sign-in of this account
 * from this address, and over the budget it is not checked at all. Every other session ends.
 */
export const WRONG_CURRENT = "Your current password is not right";

export async function changePassword(
  userId: number,
  input: ChangePasswordInput,
  meta: RequestMeta,
  currentSessionCookie: string | undefined,
): Promise<{ success: true }> {
  const accountKey = `login-account:${userId}:${meta.ip}`;
  const ipKey = await consumePasswordBudgets(
    meta,
    accountKey,
    "Too many failed attempts. Please try again later.",
    `password change failures for user=${userId} from ip=${meta.ip}`,
  );

  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, fullName: true, username: true, passwordHash: true },
  });
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw badRequest(WRONG_CURRENT, { currentPassword: WRONG_CURRENT });
  await Promise.all([release(ipKey), reset(accountKey)]);
  refuseCommonPassword(input.password, user);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await retireTokens(tx, userId, "password_reset");
  });
  await endSessionsOf(userId, sessionHashOf(currentSessionCookie));
  return { success: true };
}
