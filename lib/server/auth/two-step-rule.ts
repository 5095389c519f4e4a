import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import type { SessionUser } from "./session";

/**
 * Who must sign in in two steps (docs/accounts.md, "Two-step sign-in"): staff, and a farm that
 * set up payouts (its connected account). Read from the session's user, so the one check the HTTP
 * adapter makes before every money action (`moneyAction` contracts) costs no query.
 */
export const TWO_STEP_NEEDED =
  "Turn on two-step sign-in in Profile → Security first: your account can move money.";

export function twoStepRequired(user: SessionUser): boolean {
  return user.role === "staff" || Boolean(user.farm?.account?.stripeAccountId);
}

export function twoStepOn(user: SessionUser): boolean {
  return Boolean(user.twoStep?.enabledAt);
}

/** 403 `two_step_required` for an account that must have two-step sign-in on and has not. */
export function refuseWithoutTwoStep(user: SessionUser): void {
  if (twoStepRequired(user) && !twoStepOn(user))
    throw new AppError("two_step_required", TWO_STEP_NEEDED);
}
