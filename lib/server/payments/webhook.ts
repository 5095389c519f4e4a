import "server-only";
import { AppError, isAppError } from "@/lib/server/platform/errors";
import { readCapped } from "@/lib/server/http/body";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import type { Payout, TopUp } from "@/lib/generated/prisma/client";
import { failPayout } from "./payouts";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { paymentProvider } from "./provider";
import type { VerifiedEvent } from "./types";

/** Stripe's events are a few KB; anything this large is not one of them. */
export const WEBHOOK_MAX_BYTES = 256 * 1024;

const invalid = (message: string) => new AppError("invalid_webhook", message);

/** The raw bytes the signature covers; an oversized body is refused as no webhook (400, not 413). */
export async function readWebhookBody(req: Request): Promise<Buffer> {
  try {
    return await readCapped(req, WEBHOOK_MAX_BYTES, "Webhook body too large");
  } catch (e) {
    if (isAppError(e, "payload_too_large")) throw invalid(e.message);
    throw e;
  }
}

/**
 * POST /api/webhooks/stripe (docs/money.md, "Card top-ups"). The signature is checked on the raw
 * bytes before anything is parsed or written. Each verified event is handled once: its id is
 * inserted (primary key) in the same transaction as what it changes, so a replay or a parallel
 * delivery inserts nothing, changes nothing, and answers 200.
 */
export async function receiveStripeWebhook(raw: Buffer, signature: string | null): Promise<void> {
  const provider = paymentProvider();
  if (provider.name !== "stripe") throw invalid("Card payments are not configured");
  if (raw.byteLength > WEBHOOK_MAX_BYTES) throw invalid("Webhook body too large");
  const event = provider.verifyWebhook(raw.toString("utf8"), signature);
  if (!event) throw invalid("Missing, invalid or stale Stripe-Signature");
  await inTransaction(async (tx) => {
    // A delivery of the same event in flight makes this wait for its commit, then do nothing.
    const fresh = await tx.$executeRaw`
      INSERT INTO "StripeEvent" ("id", "type", "receivedAt")
      VALUES (${event.id}, ${event.type}, ${new Date()})
      ON CONFLICT ("id") DO NOTHING`;
    if (fresh) await handle(tx, event);
  });
}

type Handler = (tx: Tx, object: Record<string, unknown>) => Promise<void>;

/** The events we act on, by type; any other verified event is only recorded (200). */
const handlers = new Map<string, Handler>([
  ["checkout.session.completed", sessionPaid],
  ["checkout.session.async_payment_succeeded", sessionPaid],
  ["checkout.session.expired", sessionExpired],
  ["account.updated", accountUpdated],
  ["transfer.reversed", transferReversed],
  ["charge.dispute.created", disputeCreated],
  ["charge.dispute.closed", disputeClosed],
]);

async function handle(tx: Tx, event: VerifiedEvent): Promise<void> {
  await handlers.get(event.type)?.(tx, event.object);
}

/** The top-up a session names, locked: two different events for one session queue here. */
async function lockTopUp(tx: Tx, session: Record<string, unknown>): Promise<TopUp | null> {
  const ref = Number(session.client_reference_id);
  if (!Number.isSafeInteger(ref) || ref <= 0) return null;
  const rows = await tx.$queryRaw<TopUp[]>`SELECT * FROM "TopUp" WHERE "id" = ${ref} FOR UPDATE`;
  return rows[0] ?? null;
}

/** Why a paid session may not credit its top-up, or null when everything matches. */
function mismatch(topUp: TopUp, session: Record<string, unknown>): string | null {
  if (topUp.sessionId !== null && session.id !== topUp.sessionId)
    return `session ${String(session.id)} is not the top-up's session ${topUp.sessionId}`;
  if (session.amount_total !== topUp.amountCents)
    return `amount ${String(session.amount_total)} instead of ${topUp.amountCents} cents`;
  if (session.currency !== topUp.currency)
    return `currency ${String(session.currency)} instead of ${topUp.currency}`;
  const metadata = (session.metadata ?? {}) as Record<string, unknown>;
  if (metadata.userId !== String(topUp.userId))
    return `user ${String(metadata.userId)} instead of ${topUp.userId}`;
  return null;
}

async function sessionPaid(tx: Tx, session: Record<string, unknown>): Promise<void> {
  // An asynchronous payment method is `unpaid` at completion; its own success event comes later.
  if (session.payment_status !== "paid") return;
  const topUp = await lockTopUp(tx, session);
  if (!topUp) {
    console.warn(`[payments] paid session ${String(session.id)} names no top-up`);
    return;
  }
  // Paid (by another event of this session) or failed already: settled once.
  if (topUp.status === "paid" || topUp.status === "failed") return;
  const wrong = mismatch(topUp, session);
  if (wrong) {
    console.warn(`[payments] top-up ${topUp.id} failed: ${wrong}`);
    await tx.topUp.update({
      where: { id: topUp.id },
      data: { status: "failed", failureReason: wrong, settledAt: new Date() },
    });
    return;
  }
  await tx.topUp.update({
    where: { id: topUp.id },
    data: {
      status: "paid",
      sessionId: String(session.id),
      // A dispute names the payment by its PaymentIntent.
      paymentIntent: typeof session.payment_intent === "string" ? session.payment_intent : null,
      settledAt: new Date(),
    },
  });
  await ensureWallet(tx, topUp.userId);
  // Last, so the wallet's row lock is held only for this statement and the commit: deliveries for
  // one wallet queue there. A card payment that went through is credited past the top-up cap.
  const credited = await applyBalanceChange(tx, topUp.userId, topUp.amountCents, {
    type: "top_up",
    description: "Card top-up",
    reference: `TOPUP-${topUp.id}`,
  });
  // Only past 20 million dollars; the event is then refused and Stripe delivers it again.
  if (!credited) throw new Error(`Top-up ${topUp.id} would overflow the wallet`);
}

async function sessionExpired(tx: Tx, session: Record<string, unknown>): Promise<void> {
  const topUp = await lockTopUp(tx, session);
  if (!topUp || topUp.status !== "pending") return;
  await tx.topUp.update({
    where: { id: topUp.id },
    data: { status: "expired", settledAt: new Date() },
  });
}

/** A farm's connected account can (or can no longer) receive transfers. */
async function accountUpdated(tx: Tx, account: Record<string, unknown>): Promise<void> {
  if (typeof account.id !== "string") return;
  await tx.farmAccount.updateMany({
    where: { stripeAccountId: account.id },
    data: { payoutsEnabled: account.payouts_enabled === true },
  });
}

/** Stripe took a payout's transfer back: the payout failed and its money is the farm's again. */
async function transferReversed(tx: Tx, transfer: Record<string, unknown>): Promise<void> {
  if (typeof transfer.id !== "string") return;
  const [payout] = await tx.$queryRaw<Payout[]>`
    SELECT * FROM "Payout" WHERE "reference" = ${transfer.id} AND "status" = 'paid' FOR UPDATE`;
  if (payout) await failPayout(tx, payout, "The transfer was reversed");
}

/** Dispute outcomes that leave the money with us: the hold ends. */
const DISPUTE_RELEASED = new Set(["won", "warning_closed"]);

/**
 * A buyer disputed a card top-up: their wallet is put on hold for spending (every debit answers 409
 * `wallet_frozen`) and the hold is listed for ops. Nothing is debited automatically. One hold per
 * dispute (its id is the key); a dispute on a payment we do not know is logged and ignored.
 */
async function disputeCreated(tx: Tx, dispute: Record<string, unknown>): Promise<void> {
  if (typeof dispute.id !== "string" || typeof dispute.payment_intent !== "string") return;
  const topUp = await tx.topUp.findUnique({ where: { paymentIntent: dispute.payment_intent } });
  if (!topUp) {
    console.warn(`[payments] dispute ${dispute.id} names no top-up we know`);
    return;
  }
  const created = await tx.walletHold.createMany({
    data: {
      disputeId: dispute.id,
      userId: topUp.userId,
      topUpId: topUp.id,
      amountCents: typeof dispute.amount === "number" ? dispute.amount : topUp.amountCents,
      reason: typeof dispute.reason === "string" ? dispute.reason : "unknown",
    },
    skipDuplicates: true,
  });
  if (created.count) await refreshHold(tx, topUp.userId);
}

/** The dispute is over: won (or an inquiry closed) releases its hold; lost keeps it for ops. */
async function disputeClosed(tx: Tx, dispute: Record<string, unknown>): Promise<void> {
  if (typeof dispute.id !== "string") return;
  const status = typeof dispute.status === "string" ? dispute.status : "unknown";
  const hold = await tx.walletHold.findUnique({ where: { disputeId: dispute.id } });
  if (!hold || hold.outcome !== null) return;
  const released = DISPUTE_RELEASED.has(status);
  await tx.walletHold.update({
    where: { disputeId: dispute.id },
    data: { outcome: status, ...(released ? { releasedAt: new Date() } : {}) },
  });
  if (released) await refreshHold(tx, hold.userId);
}

/**
 * The wallet is on hold exactly while one of its holds is open. The wallet's row is locked first,
 * so the next statement sees every hold committed by a webhook for another dispute that held it.
 */
export async function refreshHold(tx: Tx, userId: number): Promise<void> {
  await ensureWallet(tx, userId);
  await tx.$queryRaw`SELECT 1 FROM "Wallet" WHERE "userId" = ${userId} FOR UPDATE`;
  await tx.$executeRaw`
    UPDATE "Wallet" SET "onHold" = EXISTS (
      SELECT 1 FROM "WalletHold" WHERE "userId" = ${userId} AND "releasedAt" IS NULL)
    WHERE "userId" = ${userId}`;
}
