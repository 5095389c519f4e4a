import { expect } from "vitest";
import { db } from "@/lib/server/platform/db";
import { inTransaction } from "@/lib/server/platform/transaction";
import { recordFarmEntry } from "@/lib/server/payments/farm-ledger";
import { runPayouts } from "@/lib/server/payments/payouts";
import { paymentProvider } from "@/lib/server/payments/provider";
import { reconcileReport } from "@/lib/server/payments/reconcile";
import { createFarm } from "../support/factories";
import type { SignedEvent, StripeEmulator } from "../support/stripe-emulator";
import { topUp } from "../wallet/support";
import { deliver, payoutDay } from "./support";

/** Every difference reconcile finds in the last 7 days, against Stripe and within our books. */
export async function differences(): Promise<string[]> {
  const report = await reconcileReport();
  expect(report.against).toBe("stripe");
  return report.checks.flatMap((c) => c.problems);
}

export async function send(event: Pick<SignedEvent, "payload" | "signature">) {
  const res = await deliver(event.payload, event.signature);
  expect(res.status, res.text).toBe(200);
}

/** A card top-up of `dollars` started by the buyer and paid on the emulator; `credit: false` leaves its webhook undelivered. */
export async function cardTopUp(
  emulator: StripeEmulator,
  cookie: string,
  dollars: number,
  { credit = true } = {},
) {
  const started = await topUp(cookie, dollars);
  expect(started.status, started.text).toBe(202);
  const topUpId = started.json.topUp.id as number;
  const sessionId = new URL(started.json.checkoutUrl).pathname.split("/").pop()!;
  const paid = emulator.pay(sessionId);
  if (credit) await send(paid);
  return {
    topUpId,
    sessionId,
    paid,
    paymentIntent: emulator.sessions.get(sessionId)!.payment_intent as string,
  };
}

let week = 0;

/**
 * A farm with `cents` of earnings paid out by a real payout run: a transfer to its connected
 * account on the emulator. Each call runs a later week, so farms of earlier calls are not due.
 */
export async function paidPayout(emulator: StripeEmulator, cents: number) {
  const { farm } = await createFarm();
  await inTransaction((tx) =>
    recordFarmEntry(tx, {
      farmId: farm.id,
      type: "adjustment",
      amountCents: cents,
      description: "Earnings for the reconcile test",
      dedupeKey: `reconcile-earnings-${farm.id}`,
    }),
  );
  const provider = paymentProvider();
  if (provider.name !== "stripe") throw new Error("stripe is on in this file");
  const accountId = await provider.createConnectedAccount({
    farmId: farm.id,
    email: "farm@example.test",
  });
  emulator.accounts.get(accountId)!.payouts_enabled = true;
  await db.farmAccount.update({
    where: { farmId: farm.id },
    data: { stripeAccountId: accountId, payoutsEnabled: true },
  });
  await runPayouts(new Date(payoutDay().getTime() + week++ * 7 * 86_400_000));
  const payout = await db.payout.findFirstOrThrow({ where: { farmId: farm.id } });
  expect(payout.status).toBe("paid");
  return { farmId: farm.id, accountId, payoutId: payout.id, transferId: payout.reference! };
}
