import "server-only";
import { centsToDollars, dollarsToCents } from "@/lib/money";
import type { CardTopUpJson, CardTopUpStarted } from "@/lib/contracts/payments";
import type { TopUp } from "@/lib/generated/prisma/client";
import { db, isUniqueViolation } from "@/lib/server/platform/db";
import { AppError, notFound } from "@/lib/server/platform/errors";
import type { IdempotentResult } from "@/lib/server/platform/idempotency";
import type { TopUpInput } from "@/lib/validators/wallet";
import { STRIPE_CURRENCY as CURRENCY } from "@/lib/currency";
import type { CardProvider } from "./types";

export function serializeTopUp(t: TopUp): CardTopUpJson {
  return {
    id: t.id,
    amount: centsToDollars(t.amountCents),
    status: t.status,
    ...(t.failureReason ? { failureReason: t.failureReason } : {}),
  };
}

/**
 * A card top-up (docs/money.md, "Card top-ups"): a pending TopUp row, then a Checkout Session for
 * exactly its amount. Nothing is credited here: only the session's verified webhook credits the
 * wallet (./webhook.ts). The same Idempotency-Key answers the same top-up and session; the same key
 * with another amount is 409. When the provider cannot be reached the row stays pending without a
 * session (no webhook can ever pay it), and a retry with the key asks again for the same session.
 */
export async function startCardTopUp(
  provider: CardProvider,
  userId: number,
  input: TopUpInput,
  idempotencyKey: string | undefined,
  appOrigin: string,
): Promise<IdempotentResult<CardTopUpStarted>> {
  const amountCents = dollarsToCents(input.amount);
  let topUp = idempotencyKey ? await byKey(userId, idempotencyKey, amountCents) : null;
  if (topUp?.checkoutUrl)
    return {
      value: { topUp: serializeTopUp(topUp), checkoutUrl: topUp.checkoutUrl },
      replayed: true,
    };
  if (!topUp) {
    try {
      topUp = await db.topUp.create({
        data: { userId, amountCents, currency: CURRENCY, idempotencyKey },
      });
    } catch (e) {
      if (!idempotencyKey || !isUniqueViolation(e)) throw e;
      // A parallel request with the same key created it: answer that one.
      return startCardTopUp(provider, userId, input, idempotencyKey, appOrigin);
    }
  }
  const back = `${appOrigin}/wallet?topUp=${topUp.id}`;
  let session: { sessionId: string; url: string };
  try {
    session = await provider.createCheckout({
      topUpId: topUp.id,
      userId,
      amountCents,
      currency: CURRENCY,
      successUrl: back,
      cancelUrl: back,
    });
  } catch (e) {
    console.error(`[payments] Checkout Session for top-up ${topUp.id} failed:`, e);
    throw new AppError(
      "unavailable",
      "Card payments are unavailable for a moment. Please try again shortly.",
      { headers: { "Retry-After": "5" } },
    );
  }
  topUp = await db.topUp.update({
    where: { id: topUp.id },
    data: { sessionId: session.sessionId, checkoutUrl: session.url },
  });
  return { value: { topUp: serializeTopUp(topUp), checkoutUrl: session.url }, replayed: false };
}

async function byKey(userId: number, key: string, amountCents: number): Promise<TopUp | null> {
  const found = await db.topUp.findUnique({
    where: { userId_idempotencyKey: { userId, idempotencyKey: key } },
  });
  if (found && found.amountCents !== amountCents)
    throw new AppError(
      "idempotency_key_reused",
      "This Idempotency-Key was already used for a different request",
    );
  return found;
}

/** GET /api/payments/top-ups/{id}: the owner's own top-up; anyone else's is a 404 like an unknown one. */
export async function getTopUp(userId: number, id: number): Promise<CardTopUpJson> {
  const topUp = await db.topUp.findFirst({ where: { id, userId } });
  if (!topUp) throw notFound("Top-up not found");
  return serializeTopUp(topUp);
}
