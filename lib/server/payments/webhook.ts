import "server-only";
import { AppError, conflict, isAppError } from "@/lib/server/platform/errors";
import { readCapped } from "@/lib/server/http/body";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import type { Payout, TopUp } from "@/lib/generated/prisma/client";
import { recordFarmEntry } from "./farm-ledger";
import { failPayout, sendWaitingPayouts } from "./payouts";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { formatCents } from "@/lib/money";
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
  ["charge.refunded", chargeRefunded],
  ["refund.created", refundChanged],
  ["refund.updated", refundChanged],
  ["refund.failed", refundChanged],
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
  if (account.payouts_enabled === true) await sendWaitingPayouts(tx, account.id);
}

/**
 * Stripe took some or all of a payout's transfer back (`transfer.reversed` comes for partial
 * reversals too): each reversal's cents go back on the farm's balance once, keyed by its `trr_`
 * id, for the next payout to pay again; the payout fails only once it is reversed in full.
 */
async function transferReversed(tx: Tx, transfer: Record<string, unknown>): Promise<void> {
  if (typeof transfer.id !== "string") return;
  const [payout] = await tx.$queryRaw<Payout[]>`
    SELECT * FROM "Payout" WHERE "reference" = ${transfer.id} AND "status" = 'paid' FOR UPDATE`;
  if (!payout) return;
  const reversals = ((transfer.reversals as { data?: unknown } | undefined)?.data ?? []) as Record<
    string,
    unknown
  >[];
  for (const r of reversals) {
    if (typeof r.id !== "string" || !Number.isSafeInteger(r.amount) || Number(r.amount) <= 0)
      continue;
    await recordFarmEntry(tx, {
      farmId: payout.farmId,
      type: "payout",
      amountCents: Number(r.amount),
      description: `Payout #${payout.id} partly reversed (${r.id})`,
      dedupeKey: `reversal-${payout.id}-${r.id}`,
    });
  }
  const reversed = Number(transfer.amount_reversed);
  if (transfer.reversed === true || reversed >= payout.amountCents) {
    // What the listed reversals did not book (Stripe lists ten at most) returns with the failure.
    const back = await reversedCents(tx, payout);
    await failPayout(tx, payout, "The transfer was reversed", new Date(), back);
  }
}

/** The cents of a payout's transfer already booked back by its reversals. */
async function reversedCents(tx: Tx, payout: Payout): Promise<number> {
  const [row] = await tx.$queryRaw<{ cents: number }[]>`
    SELECT COALESCE(SUM("amountCents"), 0)::int AS "cents" FROM "FarmLedgerEntry"
    WHERE "farmId" = ${payout.farmId} AND "dedupeKey" LIKE ${`reversal-${payout.id}-%`}`;
  return row.cents;
}

/**
 * `charge.refunded` carries the charge; it lists its refunds only when the API version expands
 * them (since 2022-11-15 it does not, and each refund's own `refund.*` event books it).
 */
async function chargeRefunded(tx: Tx, charge: Record<string, unknown>): Promise<void> {
  const listed = ((charge.refunds as { data?: unknown } | undefined)?.data ?? []) as Record<
    string,
    unknown
  >[];
  for (const refund of listed)
    await refundChanged(tx, { payment_intent: charge.payment_intent, ...refund });
}

/**
 * The paid top-up of a refund's or dispute's payment. Until its checkout.session.completed is
 * booked we do not know the payment (Stripe does not promise the order of events): the event is
 * refused with 409, nothing of it is kept, and Stripe delivers it again later (docs/money.md,
 * "Webhooks").
 */
async function paidTopUpOf(tx: Tx, paymentIntent: string, what: string): Promise<TopUp> {
  const topUp = await tx.topUp.findUnique({ where: { paymentIntent } });
  if (topUp) return topUp;
  console.warn(
    `[payments] ${what} names payment ${paymentIntent}, not booked yet: refused for a retry`,
  );
  throw conflict(`${what} names a payment we have not booked yet; deliver it again later`);
}

/** Refund states in which the money has left (or is leaving) for the card. */
export const REFUND_GONE = new Set(["succeeded", "pending", "requires_action"]);

/**
 * A card top-up refunded in Stripe (docs/money.md, "Card refunds"): its cents leave the wallet
 * once per refund id. When the wallet cannot cover them (spent, or on hold already) nothing is
 * taken and the wallet is held for ops, as a dispute holds it. A refund that fails afterwards
 * gives back what it took.
 */
async function refundChanged(tx: Tx, refund: Record<string, unknown>): Promise<void> {
  const amount = Number(refund.amount);
  if (typeof refund.id !== "string" || !Number.isSafeInteger(amount) || amount <= 0) return;
  if (typeof refund.payment_intent !== "string") return;
  const topUp = await paidTopUpOf(tx, refund.payment_intent, `refund ${refund.id}`);
  // The wallet's row lock first: every event of this buyer's refunds (refund.created and
  // charge.refunded for the same refund too) queues here, then finds what the one before booked.
  await ensureWallet(tx, topUp.userId);
  const [wallet] = await tx.$queryRaw<{ balanceCents: number; onHold: boolean }[]>`
    SELECT "balanceCents", "onHold" FROM "Wallet" WHERE "userId" = ${topUp.userId} FOR UPDATE`;
  const booked = await tx.cardRefund.findUnique({ where: { refundId: refund.id } });
  if (!REFUND_GONE.has(String(refund.status))) {
    if (booked?.outcome === "debited") await returnRefund(tx, refund.id, topUp.userId, amount);
    if (booked?.outcome === "held") await releaseRefundHold(tx, refund.id, topUp.userId);
    // Failed before its refund.created arrived: recorded as given back, so that late event books nothing.
    if (!booked)
      await tx.cardRefund.create({
        data: {
          refundId: refund.id,
          topUpId: topUp.id,
          userId: topUp.userId,
          amountCents: amount,
          outcome: "returned",
        },
      });
    return;
  }
  if (booked) return;
  const covered = !wallet.onHold && wallet.balanceCents >= amount;
  await tx.cardRefund.create({
    data: {
      refundId: refund.id,
      topUpId: topUp.id,
      userId: topUp.userId,
      amountCents: amount,
      outcome: covered ? "debited" : "held",
    },
  });
  if (covered) {
    const debited = await applyBalanceChange(tx, topUp.userId, -amount, {
      type: "adjustment",
      description: `Card top-up #${topUp.id} refunded to the card`,
      reference: `REFUND-${refund.id}`,
    });
    if (!debited) throw new Error(`Refund ${refund.id} could not be debited`);
    return;
  }
  console.warn(
    `[payments] refund ${refund.id} of ${amount} cents exceeds wallet ${topUp.userId}'s balance ${wallet.balanceCents}: held`,
  );
  await tx.walletHold.create({
    data: {
      stripeId: refund.id,
      kind: "refund",
      userId: topUp.userId,
      topUpId: topUp.id,
      amountCents: amount,
      reason: `refunded to the card; the wallet held ${formatCents(wallet.balanceCents)}`,
    },
  });
  await refreshHold(tx, topUp.userId);
}

/** A debited refund that failed: its cents come back to the wallet, once. */
async function returnRefund(tx: Tx, refundId: string, userId: number, amount: number) {
  await tx.cardRefund.update({ where: { refundId }, data: { outcome: "returned" } });
  const back = await applyBalanceChange(tx, userId, amount, {
    type: "adjustment",
    description: "Card refund failed: money back",
    reference: `REFUND-${refundId}`,
  });
  if (!back) throw new Error(`Failed refund ${refundId} could not be returned`);
}

/** A held refund that failed: nothing is owed any more, its hold ends. */
async function releaseRefundHold(tx: Tx, refundId: string, userId: number) {
  await tx.cardRefund.update({ where: { refundId }, data: { outcome: "returned" } });
  await tx.walletHold.updateMany({
    where: { stripeId: refundId, releasedAt: null },
    data: { outcome: "refund failed", releasedAt: new Date() },
  });
  await refreshHold(tx, userId);
}

/** Dispute outcomes that leave the money with us: the hold ends. */
export const DISPUTE_RELEASED = new Set(["won", "warning_closed"]);

/**
 * A buyer disputed a card top-up: their wallet is put on hold for spending (every debit answers 409
 * `wallet_frozen`) and the hold is listed for ops. Nothing is debited automatically. One hold per
 * dispute (its id is the key); a dispute on a payment we do not know is logged and ignored.
 */
async function disputeCreated(tx: Tx, dispute: Record<string, unknown>): Promise<void> {
  if (typeof dispute.id !== "string" || typeof dispute.payment_intent !== "string") return;
  const topUp = await paidTopUpOf(tx, dispute.payment_intent, `dispute ${dispute.id}`);
  const created = await tx.walletHold.createMany({
    data: {
      stripeId: dispute.id,
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
  // Closed before its charge.dispute.created arrived: the closed dispute says all the hold needs.
  if (!(await tx.walletHold.findUnique({ where: { stripeId: dispute.id } })))
    await disputeCreated(tx, dispute);
  const hold = await tx.walletHold.findUnique({ where: { stripeId: dispute.id } });
  if (!hold || hold.outcome !== null) return;
  const released = DISPUTE_RELEASED.has(status);
  await tx.walletHold.update({
    where: { stripeId: dispute.id },
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
