import { z } from "zod";
import { hasAtMostTwoDecimals } from "@/lib/money";
import { isDbId } from "./id";
import { pageLimit, timeCursorParam } from "./page";
import { authenticationCredentialSchema, twoStepCode } from "./passkeys";

/** The ops console's inputs (docs/operations.md); their messages are what staff read. */
export const REASON_REQUIRED = "Give a reason (it goes on the record)";
const reason = z
  .string({ error: REASON_REQUIRED })
  .trim()
  .min(3, REASON_REQUIRED)
  .max(500, "Keep the reason under 500 characters");
/** A switch staff turn on or off (verified, paused, held). */
const trueOrFalse = z.boolean({ error: "Must be true or false" });

/** The password again, or a two-step code, or a passkey's answer (docs/operations.md, "Step-up"). */
export const stepUpSchema = z
  .object({
    password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200),
    code: twoStepCode,
    passkey: authenticationCredentialSchema,
  })
  .partial()
  .refine((d) => [d.password, d.code, d.passkey].filter((v) => v !== undefined).length === 1, {
    message: "Enter your password",
    path: ["password"],
  });
export type StepUpInput = z.infer<typeof stepUpSchema>;

export const businessDecisionSchema = z
  .object({
    decision: z.enum(["approve", "reject"], { error: "Choose approve or reject" }),
    reason: z.string().trim().max(500, "Keep the reason under 500 characters").optional(),
    /** What an approval makes the account: a restaurant (the default) or a distributor (docs/hubs.md). */
    as: z
      .enum(["restaurant", "distributor"], { error: "Approve as restaurant or distributor" })
      .optional(),
  })
  .refine((d) => d.decision === "approve" || (d.reason?.length ?? 0) >= 3, {
    message: REASON_REQUIRED,
    path: ["reason"],
  });
export type BusinessDecisionInput = z.infer<typeof businessDecisionSchema>;

export const businessListQuery = z.object({
  status: z.enum(["pending", "approved", "rejected"]).default("pending"),
});

export const INVALID_ADJUSTMENT =
  "Enter an amount other than 0, at most 10,000.00, with 2 decimals";
/** A credit (positive) or a debit (negative) to a wallet, in dollars. */
export const walletAdjustmentSchema = z.object({
  amount: z
    .number({ error: INVALID_ADJUSTMENT })
    .refine(
      (n) => Number.isFinite(n) && n !== 0 && Math.abs(n) <= 10_000 && hasAtMostTwoDecimals(n),
      INVALID_ADJUSTMENT,
    ),
  reason,
});
export type WalletAdjustmentInput = z.infer<typeof walletAdjustmentSchema>;

export const payoutPaidSchema = z.object({
  reference: z
    .string({ error: "Enter the payment's reference" })
    .trim()
    .min(3, "Enter the payment's reference")
    .max(100, "Keep the reference under 100 characters"),
});
export type PayoutPaidInput = z.infer<typeof payoutPaidSchema>;

export const payoutHoldSchema = z.object({ held: trueOrFalse, reason });
export type PayoutHoldInput = z.infer<typeof payoutHoldSchema>;

export const peopleQuery = z.object({
  q: z
    .string()
    .trim()
    .min(2, "Type at least 2 characters of a name or email")
    .max(100, "Keep the search under 100 characters"),
});

const optionalId = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === "") return undefined;
    const n = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
    if (!isDbId(n)) {
      ctx.addIssue({ code: "custom", message: "staff must be a user id" });
      return z.NEVER;
    }
    return n;
  });

export const auditQuery = z.object({
  limit: pageLimit,
  cursor: timeCursorParam,
  action: z.string().trim().max(60).optional(),
  staff: optionalId,
  target: z.string().trim().max(60).optional(),
});

const searchText = z.string().trim().max(100, "Keep the search under 100 characters").optional();

/** GET /api/ops/farms: by farm name, owner name or owner email; newest farms first. */
export const farmListQuery = z.object({ q: searchText });

export const farmVerifiedSchema = z.object({ verified: trueOrFalse });
export type FarmVerifiedInput = z.infer<typeof farmVerifiedSchema>;

export const farmPauseSchema = z.object({ paused: trueOrFalse, reason });
export type FarmPauseInput = z.infer<typeof farmPauseSchema>;

/** GET /api/ops/waitlist (and its .csv): the rows the Sheet gets, newest first. */
export const waitlistQuery = z.object({
  limit: pageLimit,
  cursor: timeCursorParam,
  q: searchText,
  source: z.enum(["waitlist", "demo"], { error: "source is waitlist or demo" }).optional(),
  status: z
    .enum(["pending", "synced", "failed"], { error: "status is pending, synced or failed" })
    .optional(),
});
export type WaitlistQuery = z.infer<typeof waitlistQuery>;

export const holdReleaseSchema = z.object({ reason });
export type HoldReleaseInput = z.infer<typeof holdReleaseSchema>;
