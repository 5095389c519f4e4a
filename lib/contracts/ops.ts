import { z } from "zod";
import {
  auditQuery,
  businessDecisionSchema,
  businessListQuery,
  farmListQuery,
  farmPauseSchema,
  farmVerifiedSchema,
  holdReleaseSchema,
  waitlistQuery,
  payoutHoldSchema,
  payoutPaidSchema,
  peopleQuery,
  stepUpSchema,
  walletAdjustmentSchema,
} from "@/lib/validators/ops";
import { farmerInviteSchema } from "@/lib/validators/farm";
import { idParam } from "@/lib/validators/id";
import { endpoint, idParams, jsonBody, PAGED } from "./endpoint";
import { id, isoDate, money, personRef, userType } from "./json";
import { businessAccount } from "./business";
import { payoutStatus } from "./payments";
import { transaction } from "./wallet";

/**
 * The ops console (docs/operations.md): staff only. Every call answers 404, as an unknown address,
 * to anyone but a signed-in staff member; money actions also need a step-up (the password again,
 * valid 10 minutes on this session), else 403 `step_up_required`.
 */
const TAG = "ops";
const STEP_UP =
  "A money action: needs a step-up on this session within the last 10 minutes (POST /api/ops/step-up), else 403 `step_up_required`.";

const json = z.record(z.string(), z.unknown());

export const auditEntry = z.object({
  id,
  at: isoDate,
  staff: personRef
    .nullable()
    .describe("null: an ops command run on the server (npm run buyer:approve, …)"),
  action: z.string(),
  target: z
    .string()
    .describe("`kind:id`: user:12, farm:3, payout:7, notification:40, sheets-row:5"),
  targetName: z.string().nullable().describe("what the target is called; null when it is gone"),
  summary: z
    .string()
    .describe('the entry as a sentence: "Ana approved Bench Bistro\'s business account"'),
  changes: z
    .array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() }))
    .describe("the fields of before and after whose values differ"),
  before: json.nullable(),
  after: json.nullable(),
});
export type AuditEntryJson = z.infer<typeof auditEntry>;

const outboxCounts = z.object({ waiting: z.number().int(), failed: z.number().int() });
export const reconcileRun = z.object({
  at: isoDate.describe("when the run finished"),
  against: z
    .enum(["stripe", "demo"])
    .describe("stripe: our books against Stripe's records; demo: our books with themselves only"),
  since: isoDate.describe("the start of the window compared"),
  differences: z.number().int(),
  lines: z.array(z.string()).describe("the differences as printed, the first 50"),
});
export type ReconcileRunJson = z.infer<typeof reconcileRun>;
export const opsToday = z.object({
  since: isoDate.describe("the last 24 hours"),
  placed: z.number().int().describe("orders placed in the last 24 hours, cancelled ones included"),
  orders: z.number().int().describe("orders handed over in the last 24 hours"),
  sales: money.describe("goods and fees of those orders, before taxes"),
  commission: money.describe("the commission the farm ledger booked on those orders"),
  failedPayments: z.number().int(),
  failedTransfers: z.number().int(),
  emails: outboxCounts,
  sheets: outboxCounts,
  applicationsWaiting: z.number().int(),
  manualPayoutsWaiting: z.number().int(),
  walletsOnHold: z.number().int().describe("wallets frozen by an open card dispute"),
  reconcile: reconcileRun
    .nullable()
    .describe(
      "the latest payments reconcile (daily round or npm run payments:reconcile); null before the first",
    ),
});
export type OpsTodayJson = z.infer<typeof opsToday>;

export const opsApplication = z.object({
  userId: id,
  fullName: z.string(),
  email: z.string(),
  userType,
  ...businessAccount.shape,
});
export type OpsApplicationJson = z.infer<typeof opsApplication>;

/** How an outbox row's delivery stands, for emails and Sheets rows alike (after its own status). */
const outboxDelivery = {
  attempts: z.number().int(),
  nextAttemptAt: isoDate,
  lastError: z.string().nullable(),
  createdAt: isoDate,
};

export const opsEmail = z.object({
  id,
  kind: z.string(),
  to: z.string(),
  status: z.enum(["pending", "sending", "sent", "failed", "skipped"]),
  ...outboxDelivery,
});
export type OpsEmailJson = z.infer<typeof opsEmail>;

/** A waitlist or demo request on its way to Google Sheets (docs/operations.md, "Waitlist and demo requests"). */
const sheetSyncStatus = z.enum(["pending", "synced", "failed"]);

export const opsSheetRow = z.object({
  id,
  source: z.string(),
  submissionId: z.string(),
  status: sheetSyncStatus,
  ...outboxDelivery,
});
export type OpsSheetRowJson = z.infer<typeof opsSheetRow>;

export const opsOutboxes = z.object({ emails: z.array(opsEmail), sheets: z.array(opsSheetRow) });
export type OpsOutboxesJson = z.infer<typeof opsOutboxes>;

export const opsPayout = z.object({
  id,
  farmId: id,
  farmName: z.string(),
  periodEnd: z.string(),
  amount: money,
  status: payoutStatus,
  reference: z.string().nullable(),
  waitingReason: z
    .string()
    .nullable()
    .describe("why it waits: the farm's Stripe account cannot receive payouts yet"),
  createdAt: isoDate,
  paidAt: isoDate.nullable(),
});
export type OpsPayoutJson = z.infer<typeof opsPayout>;

export const opsFarmPayouts = z.object({
  farmId: id,
  farmName: z.string(),
  balance: money,
  payoutsHeld: z.boolean(),
});
export type OpsFarmPayoutsJson = z.infer<typeof opsFarmPayouts>;

export const opsPayouts = z.object({
  manual: z.array(opsPayout).describe("manual payouts waiting to be paid by hand"),
  farms: z.array(opsFarmPayouts),
});
export type OpsPayoutsJson = z.infer<typeof opsPayouts>;

export const opsPerson = z.object({
  id,
  fullName: z.string(),
  email: z.string(),
  userType,
  role: z.enum(["user", "staff"]),
  createdAt: isoDate,
});
export type OpsPersonJson = z.infer<typeof opsPerson>;

export const opsSession = z.object({
  id: z.string(),
  createdAt: isoDate,
  lastSeenAt: isoDate,
  userAgent: z.string().nullable(),
});
export type OpsSessionJson = z.infer<typeof opsSession>;

export const opsWalletHold = z.object({
  stripeId: z
    .string()
    .describe(
      "the Stripe id the hold is for: the dispute's `dp_…` (for a refund hold, the refund's `re_…`)",
    ),
  kind: z
    .enum(["dispute", "refund"])
    .describe("a disputed card payment, or a card refund the wallet's balance could not cover"),
  amount: money,
  reason: z
    .string()
    .describe("the dispute's reason as the card network gave it, or what the refund found"),
  createdAt: isoDate,
  topUpId: id,
  paymentId: z.string().nullable().describe("the disputed card payment (Stripe PaymentIntent)"),
  outcome: z.string().nullable().describe("how the dispute closed (`lost`, …); null while open"),
});
export type OpsWalletHoldJson = z.infer<typeof opsWalletHold>;

export const opsPersonDetail = z.object({
  person: opsPerson,
  balance: money,
  holds: z
    .array(opsWalletHold)
    .describe("open holds: while there is one the wallet is frozen for spending"),
  sessions: z.array(opsSession),
  ledger: z.array(transaction).describe("the 20 newest wallet ledger rows"),
});
export type OpsPersonDetailJson = z.infer<typeof opsPersonDetail>;

export const opsFarm = z.object({
  id,
  farmName: z.string(),
  location: z.string(),
  owner: z.object({ id, fullName: z.string(), email: z.string() }),
  verified: z.boolean().describe("the tick next to the farm's name"),
  listingsPaused: z.boolean(),
  payoutsHeld: z.boolean(),
  productCount: z.number().int(),
  createdAt: isoDate,
});
export type OpsFarmJson = z.infer<typeof opsFarm>;

export const opsFarmInvite = z.object({
  farm: opsFarm,
  signInUrl: z.string().describe("the farmer's one-time sign-in link: shown once, send it to them"),
  expiresAt: isoDate,
});
export type OpsFarmInviteJson = z.infer<typeof opsFarmInvite>;

export const opsSubmission = z.object({
  id,
  submissionId: z.string(),
  source: z.enum(["waitlist", "demo"]),
  submittedAt: isoDate,
  fullName: z.string(),
  email: z.string(),
  companyName: z.string(),
  role: z.string(),
  phoneNumber: z.string().nullable().describe("demo requests only"),
  status: sheetSyncStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  syncedAt: isoDate.nullable(),
});
export type OpsSubmissionJson = z.infer<typeof opsSubmission>;

export const stepUpAnswer = z.object({ validUntil: isoDate });

export const opsApi = {
  stepUp: endpoint({
    method: "POST",
    path: "/api/ops/step-up",
    tag: TAG,
    summary: "Give the password again: money actions are allowed on this session for 10 minutes",
    auth: "staff",
    body: jsonBody(stepUpSchema),
    response: stepUpAnswer,
    errors: ["rate_limited"],
  }),
  today: endpoint({
    method: "GET",
    path: "/api/ops/today",
    tag: TAG,
    summary: "Today: orders, sales, commission, failures and queues at a glance",
    auth: "staff",
    response: opsToday,
  }),
  applications: endpoint({
    method: "GET",
    path: "/api/ops/business-accounts",
    tag: TAG,
    summary: "Business-account applications (pending by default), oldest first",
    auth: "staff",
    query: businessListQuery,
    response: z.array(opsApplication),
  }),
  decide: endpoint({
    method: "POST",
    path: "/api/ops/business-accounts/{userId}/decision",
    tag: TAG,
    summary:
      "Approve or reject a pending application (a reason is required to reject); the buyer is emailed",
    auth: "staff",
    params: z.object({ userId: idParam("Application") }),
    body: jsonBody(businessDecisionSchema),
    response: opsApplication,
    errors: ["conflict"],
  }),
  people: endpoint({
    method: "GET",
    path: "/api/ops/people",
    tag: TAG,
    summary: "Search people by name or email (at most 20)",
    auth: "staff",
    query: peopleQuery,
    response: z.array(opsPerson),
  }),
  person: endpoint({
    method: "GET",
    path: "/api/ops/people/{id}",
    tag: TAG,
    summary: "One person: live sessions, wallet balance and ledger",
    auth: "staff",
    params: idParams("Person"),
    response: opsPersonDetail,
  }),
  revokeSession: endpoint({
    method: "DELETE",
    path: "/api/ops/people/{id}/sessions/{sessionId}",
    tag: TAG,
    summary: "End one of a person's sessions",
    auth: "staff",
    params: z.object({
      id: idParam("Person"),
      sessionId: z.string().refine((s) => /^[0-9a-f]{32}$/.test(s), {
        message: "Session not found",
        params: { code: "not_found" },
      }),
    }),
    response: z.object({ success: z.literal(true) }),
  }),
  adjustWallet: endpoint({
    method: "POST",
    path: "/api/ops/people/{id}/wallet-adjustments",
    tag: TAG,
    summary:
      "Credit (positive) or debit (negative) a wallet with a reason: one signed ledger row `adjustment`",
    description: STEP_UP,
    auth: "staff",
    idempotencyKey: true,
    moneyAction: true,
    params: idParams("Person"),
    body: jsonBody(walletAdjustmentSchema),
    status: 201,
    response: z.object({ balance: money, transaction }),
    errors: [
      "step_up_required",
      "insufficient_funds",
      "wallet_limit",
      "wallet_frozen",
      "idempotency_key_reused",
    ],
  }),
  payouts: endpoint({
    method: "GET",
    path: "/api/ops/payouts",
    tag: TAG,
    summary: "Manual payouts waiting, and every farm's balance and hold",
    auth: "staff",
    response: opsPayouts,
  }),
  markPaid: endpoint({
    method: "POST",
    path: "/api/ops/payouts/{id}/paid",
    tag: TAG,
    summary: "Mark a manual payout paid, with the bank transfer's reference",
    description: STEP_UP,
    auth: "staff",
    idempotencyKey: true,
    moneyAction: true,
    params: idParams("Payout"),
    body: jsonBody(payoutPaidSchema),
    response: opsPayout,
    errors: ["step_up_required", "conflict", "idempotency_key_reused"],
  }),
  holdFarm: endpoint({
    method: "PUT",
    path: "/api/ops/farms/{id}/payout-hold",
    tag: TAG,
    summary: "Hold (or release) a farm's weekly payouts, with a reason",
    description: STEP_UP,
    auth: "staff",
    idempotencyKey: true,
    moneyAction: true,
    params: idParams("Farm"),
    body: jsonBody(payoutHoldSchema),
    response: opsFarmPayouts,
    errors: ["step_up_required", "idempotency_key_reused"],
  }),
  outboxes: endpoint({
    method: "GET",
    path: "/api/ops/outboxes",
    tag: TAG,
    summary: "Emails and Sheets rows waiting or failed (at most 100 each), with the last error",
    auth: "staff",
    response: opsOutboxes,
  }),
  retryEmail: endpoint({
    method: "POST",
    path: "/api/ops/emails/{id}/retry",
    tag: TAG,
    summary: "Send a waiting or failed email now",
    auth: "staff",
    params: idParams("Email"),
    response: opsEmail,
    errors: ["conflict"],
  }),
  retrySheetRow: endpoint({
    method: "POST",
    path: "/api/ops/sheets-rows/{id}/retry",
    tag: TAG,
    summary: "Sync a waiting or failed Sheets row now",
    auth: "staff",
    params: idParams("Sheets row"),
    response: opsSheetRow,
    errors: ["conflict"],
  }),
  farms: endpoint({
    method: "GET",
    path: "/api/ops/farms",
    tag: TAG,
    summary: "Farms, newest first (at most 50): search by farm name, owner name or email",
    auth: "staff",
    query: farmListQuery,
    response: z.array(opsFarm),
  }),
  inviteFarmer: endpoint({
    method: "POST",
    path: "/api/ops/farms",
    tag: TAG,
    summary:
      "Invite a farmer: the account, the farm and a one-time sign-in link (7 days) emailed to them, as `npm run farmer:invite`",
    auth: "staff",
    body: jsonBody(farmerInviteSchema),
    status: 201,
    response: opsFarmInvite,
    errors: ["already_exists"],
  }),
  verifyFarm: endpoint({
    method: "PUT",
    path: "/api/ops/farms/{id}/verified",
    tag: TAG,
    summary: "Mark a farm verified (the tick next to its name) or take the tick away",
    auth: "staff",
    params: idParams("Farm"),
    body: jsonBody(farmVerifiedSchema),
    response: opsFarm,
  }),
  pauseFarm: endpoint({
    method: "PUT",
    path: "/api/ops/farms/{id}/listings-paused",
    tag: TAG,
    summary:
      "Pause (or resume) a farm's listings, with a reason: its products leave the catalog and checkout refuses them",
    auth: "staff",
    params: idParams("Farm"),
    body: jsonBody(farmPauseSchema),
    response: opsFarm,
  }),
  waitlist: endpoint({
    method: "GET",
    path: "/api/ops/waitlist",
    tag: TAG,
    summary:
      "Waitlist and demo requests as the Sheet gets them, with their sync state; search by name, email or company",
    description: PAGED,
    auth: "staff",
    query: waitlistQuery,
    response: z.array(opsSubmission),
  }),
  waitlistCsv: endpoint({
    method: "GET",
    path: "/api/ops/waitlist.csv",
    tag: TAG,
    summary:
      "The same rows as a CSV download (same filters; `limit` and `cursor` ignored; at most 10,000 rows)",
    auth: "staff",
    query: waitlistQuery,
    response: "text/csv",
  }),
  walletHolds: endpoint({
    method: "GET",
    path: "/api/ops/wallet-holds",
    tag: TAG,
    summary:
      "Wallets on hold: every open hold from a disputed card payment, with its person, oldest first",
    auth: "staff",
    response: z.array(z.object({ person: opsPerson, hold: opsWalletHold })),
  }),
  releaseHold: endpoint({
    method: "POST",
    path: "/api/ops/people/{id}/wallet-holds/{stripeId}/release",
    tag: TAG,
    summary:
      "Release a disputed payment's hold on a wallet, with a reason (spending resumes when no other hold is open)",
    description: STEP_UP,
    auth: "staff",
    idempotencyKey: true,
    moneyAction: true,
    params: z.object({
      id: idParam("Person"),
      stripeId: z.string().refine((s) => /^[A-Za-z0-9_]{1,100}$/.test(s), {
        message: "Hold not found",
        params: { code: "not_found" },
      }),
    }),
    body: jsonBody(holdReleaseSchema),
    response: opsWalletHold,
    errors: ["step_up_required", "conflict", "idempotency_key_reused"],
  }),
  audit: endpoint({
    method: "GET",
    path: "/api/ops/audit",
    tag: TAG,
    summary: "The audit log, newest first; filter by action, staff member (id) or target",
    description: PAGED,
    auth: "staff",
    query: auditQuery,
    response: z.array(auditEntry),
  }),
};
