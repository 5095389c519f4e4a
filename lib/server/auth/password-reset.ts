import "server-only";
import { db } from "@/lib/server/platform/db";
import { env } from "@/lib/server/platform/env";
import { consume } from "@/lib/server/platform/rate-limit";
import { inTransaction } from "@/lib/server/platform/transaction";
import { Prisma } from "@/lib/generated/prisma/client";
import { enqueueAccountEmailsFor } from "@/lib/server/notifications/account-emails";
import type { ForgotPasswordInput, ResetPasswordInput } from "@/lib/validators/account-security";
import type { RequestMeta, SignedIn, TwoStepPending } from "./accounts";
import { retireTokens, tokenInsertFor, useToken } from "./account-tokens";
import { refuseCommonPassword } from "./common-passwords";
import { consumeLinkAttempt, markVerified } from "./email-verification";
import { hashPassword } from "./password";
import { createSession, publicUserSelect } from "./session";
import { endSessionsOf } from "./sessions";
import { startTwoStepSignIn } from "./two-step";

/**
 * Password reset by email (docs/accounts.md). The request answers the same whether an account
 * uses the address or not, and is counted per client address and per email address either way,
 * so neither the answer nor the throttle tells which addresses have accounts.
 */
const HOUR = 3600_000;
export const FORGOT_ANSWER = {
  message: "If an account uses this email, we sent it a link to choose a new password.",
};

export async function forgotPassword(
  input: ForgotPasswordInput,
  meta: Pick<RequestMeta, "ip">,
  now = new Date(),
): Promise<typeof FORGOT_ANSWER> {
  const e = env();
  const email = input.email.trim().toLowerCase();
  await consume(
    `reset-ip:${meta.ip}`,
    { max: e.ACCOUNT_LIMIT_PER_IP_HOUR, windowMs: HOUR },
    {
      message: "Too many requests from this address. Please try again later.",
      log: `password reset requests from ip=${meta.ip}`,
    },
  );
  await consume(
    `reset-email:${email}`,
    { max: e.ACCOUNT_EMAILS_PER_ADDRESS_HOUR, windowMs: HOUR },
    {
      message: "We sent several links to this address already. Please check your inbox.",
      log: `password reset requests for one email from ip=${meta.ip}`,
    },
  );
  // One statement whether or not the address has an account: the answer's timing does not tell.
  const account = Prisma.sql`SELECT "id", "email" FROM "User" WHERE "email" = ${email}`;
  await enqueueAccountEmailsFor(tokenInsertFor(account, "password_reset", now), "password_reset");
  return FORGOT_ANSWER;
}

/**
 * Sets the new password from a reset link and signs in: the link is used, every other reset link
 * of the account retired, every session of the account ended (whoever held the old password is
 * out), and the address counts as verified (the link was read there).
 */
export async function resetPassword(
  input: ResetPasswordInput,
  meta: RequestMeta,
  now = new Date(),
): Promise<SignedIn | TwoStepPending> {
  await consumeLinkAttempt(meta.ip);
  const passwordHash = await hashPassword(input.password);
  const user = await inTransaction(async (tx) => {
    const link = await useToken(tx, "password_reset", input.token, now);
    const user = await tx.user.findUniqueOrThrow({
      where: { id: link.userId },
      select: { ...publicUserSelect },
    });
    refuseCommonPassword(input.password, { email: user.email, fullName: user.fullName });
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await retireTokens(tx, user.id, "password_reset", now);
    if (link.email === user.email) await markVerified(tx, user.id, user.email, now);
    return user;
  });
  await endSessionsOf(user.id);
  // The link proves the mailbox, not the second step: with two-step on, a code comes next.
  if (user.twoStep?.enabledAt) return { twoStep: await startTwoStepSignIn(user.id, now) };
  const cookie = await createSession(user.id, meta.secure, meta.userAgent);
  const fresh = await db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: publicUserSelect,
  });
  return { user: fresh, cookie };
}
