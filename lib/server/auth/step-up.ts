import "server-only";
import { db } from "@/lib/server/platform/db";
import { env } from "@/lib/server/platform/env";
import { AppError, badRequest } from "@/lib/server/platform/errors";
import { consume, reset } from "@/lib/server/platform/rate-limit";
import type { RequestMeta } from "./accounts";
import { verifyPassword } from "./password";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { StepUpInput } from "@/lib/validators/ops";
import { checkPasskey, type RelyingParty } from "./passkeys";
import { sessionHashOf } from "./sessions";
import { checkCode } from "./two-step";

/**
 * Step-up for the ops console's money actions (docs/operations.md): staff give their password
 * again, a two-step code or a passkey, and this one session may move money for 10 minutes. Stored on the session row, so
 * signing out (or a revoked session) ends it too. A wrong password counts like a failed sign-in.
 */
export const STEP_UP_MS = 10 * 60_000;
export const WRONG_PASSWORD = "That password is not right";
export const STEP_UP_NEEDED = "Enter your password again to move money (valid 10 minutes)";

export async function stepUp(
  userId: number,
  proof: StepUpInput,
  meta: RequestMeta,
  sessionCookie: string | undefined,
  rp: RelyingParty,
  now = new Date(),
): Promise<{ validUntil: string }> {
  if (proof.passkey) {
    // Counted on the sign-in budgets like a passkey sign-in.
    await checkPasskey(userId, proof.passkey as AuthenticationResponseJSON, rp, meta);
  } else {
    const e = env();
    const key = `login-account:${userId}:${meta.ip}`;
    await consume(
      key,
      { windowMs: e.LOGIN_WINDOW_MINUTES * 60_000, max: e.LOGIN_MAX_FAILURES },
      {
        message: "Too many failed attempts. Please try again later.",
        log: `step-up failures for user=${userId}`,
      },
    );
    if (proof.code !== undefined) await checkCode(userId, proof.code, now);
    else {
      const user = await db.user.findUniqueOrThrow({
        where: { id: userId },
        select: { passwordHash: true },
      });
      if (!(await verifyPassword(user.passwordHash, proof.password ?? "")))
        throw badRequest(WRONG_PASSWORD, { password: WRONG_PASSWORD });
    }
    await reset(key);
  }
  const idHash = sessionHashOf(sessionCookie);
  if (idHash)
    await db.session.updateMany({ where: { idHash, userId }, data: { steppedUpAt: now } });
  return { validUntil: new Date(now.getTime() + STEP_UP_MS).toISOString() };
}

/** Refuses (403 `step_up_required`) unless this session stepped up within the last 10 minutes. */
export async function requireStepUp(
  userId: number,
  sessionCookie: string | undefined,
  now = new Date(),
): Promise<void> {
  const idHash = sessionHashOf(sessionCookie);
  const session = idHash
    ? await db.session.findFirst({ where: { idHash, userId }, select: { steppedUpAt: true } })
    : null;
  const at = session?.steppedUpAt?.getTime();
  if (at === undefined || at > now.getTime() || now.getTime() - at > STEP_UP_MS)
    throw new AppError("step_up_required", STEP_UP_NEEDED);
}
