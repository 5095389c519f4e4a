import "server-only";
import { formatSlotDay } from "@/lib/format";
import { startLoop, type Loop } from "@/lib/server/platform/loop";
import { conflict, isAppError } from "@/lib/server/platform/errors";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import { enqueue } from "@/lib/server/notifications/outbox";
import { storeNotice } from "@/lib/server/messages/send-message";
import { placeCheckout } from "@/lib/server/orders/checkout";
import { proposePriceRise, publishCard, recordShortPick } from "@/lib/server/orders/adjust-order";
import { releaseHold, takeable } from "@/lib/server/stock/stock";
import { buyerLevel, unitPrice } from "@/lib/server/catalog/pricing";
import { publishMessage } from "@/lib/server/realtime/bus";
import type { ChatMessage } from "@/lib/contracts/messages";
import { slotIdOf } from "@/lib/validators/fulfilment";
import type { CheckoutInput } from "@/lib/validators/orders";
import { dueAt, findWindow, followingDate, type LiveWindow } from "./schedule";
import { itemsOf } from "./serialize";
import { refreshHolds, syncHold } from "./holds";

/**
 * The standing-order worker (docs/restaurants.md, "Standing orders"). Each round claims one due
 * standing order at a time with FOR UPDATE SKIP LOCKED (so any number of workers, in the app or in
 * `npm run worker`, share the work and never hold the same row), and in that one transaction
 * records the occurrence (unique per standing order and date), places it through the ordinary
 * checkout, and moves the standing order to its next date. A refusal (wallet, stock, slot, minimum)
 * is rolled back to a savepoint and recorded as `failed` with its reason, together with a message
 * to the buyer from the farm: nothing is half-written, and a retry finds the occurrence recorded.
 */
export type Outcome = {
  standingOrderId: number;
  localDate: string;
  status: "placed" | "failed" | "skipped" | "recorded";
  orderId?: number;
  reason?: string;
};

type Claimed = Awaited<ReturnType<typeof load>>;

function load(tx: Tx, id: number) {
  return tx.standingOrder.findUniqueOrThrow({
    where: { id },
    include: { farm: { select: { farmName: true, userId: true, timeZone: true } } },
  });
}

const dayLabel = (localDate: string) => formatSlotDay(`${localDate}T00:00`);

async function checkoutInput(
  tx: Tx,
  s: Claimed,
  window: LiveWindow,
  localDate: string,
  items: CheckoutInput["items"],
): Promise<CheckoutInput> {
  const choice: NonNullable<CheckoutInput["fulfilment"]>[string] = {
    slotId: slotIdOf(window.id, localDate),
  };
  if (s.kind === "delivery") {
    const address =
      s.addressId === null
        ? null
        : await tx.address.findFirst({ where: { id: s.addressId, userId: s.userId } });
    if (!address) throw conflict("Your delivery address for this standing order was removed");
    choice.addressId = address.id;
  }
  // A buyer with a credit line at the farm gets the weekly order on the monthly statement (docs/restaurants.md).
  const credit = await tx.creditLine.findUnique({
    where: { farmId_buyerId: { farmId: s.farmId, buyerId: s.userId } },
    select: { id: true },
  });
  return {
    items,
    fulfilment: { [String(s.farmId)]: choice },
    ...(credit ? { payment: { [String(s.farmId)]: "account" as const } } : {}),
  };
}

/** What the buyer would pay per unit today for each product of the standing order. */
async function currentPrices(tx: Tx, s: Claimed): Promise<Map<number, number>> {
  const level = await buyerLevel(tx, s.userId);
  const products = await tx.product.findMany({
    where: { id: { in: itemsOf(s).map((i) => i.productId) } },
    select: { id: true, priceCents: true, restaurantPriceCents: true, caseSize: true },
  });
  return new Map(products.map((p) => [p.id, unitPrice(p, level).cents]));
}

/** Places (or skips, or records the failure of) the occurrence on `s.nextDate`. */
async function placeOccurrence(
  tx: Tx,
  s: Claimed,
  window: LiveWindow | null,
  now: Date,
): Promise<{ outcome: Outcome; notice?: ChatMessage; cardMessageIds?: (number | null)[] }> {
  const localDate = s.nextDate;
  const base = { standingOrderId: s.id, localDate };
  if (await tx.standingOrderOccurrence.findUnique({ where: { standingOrderId_localDate: base } }))
    return { outcome: { ...base, status: "recorded" } };
  if (s.skipNextDate === localDate) {
    await tx.standingOrderOccurrence.create({ data: { ...base, status: "skipped" } });
    return { outcome: { ...base, status: "skipped" } };
  }

  let reason: string;
  await tx.$executeRaw`SAVEPOINT standing_occurrence`;
  try {
    if (!window) throw conflict(`${s.farm.farmName} no longer has this ${s.kind} window`);
    // The hold becomes the order (docs/restaurants.md, "Reserved stock"): given back, then taken by
    // the checkout below under the same row locks. What the shelf lacks (a farmer's count cut the
    // hold) is placed short, with a card, rather than failing the whole occurrence.
    const wanted = new Map(itemsOf(s).map((i) => [i.productId, i.quantity]));
    await releaseHold(tx, { standingOrderId: s.id });
    const can = await takeable(tx, wanted);
    const items = itemsOf(s).flatMap((i) => {
      const quantity = can.get(i.productId) ?? 0;
      return quantity > 0 ? [{ productId: i.productId, quantity }] : [];
    });
    if (!items.length) {
      const names = (
        await tx.product.findMany({
          where: { id: { in: [...wanted.keys()] } },
          orderBy: { id: "asc" },
          select: { name: true },
        })
      ).map((p) => p.name);
      throw conflict(`${names.join(", ")} ${names.length === 1 ? "is" : "are"} out of stock`);
    }
    // The farm's new-order email comes with the order; the buyer gets the "placed" email (with the receipt) instead of a checkout receipt.
    // Charged at the agreed prices at most: a price drop is passed on, a rise waits for the buyer.
    const placed = await placeCheckout(
      tx,
      s.userId,
      await checkoutInput(tx, s, window, localDate, items),
      now,
      { receipt: false, agreedCents: new Map(itemsOf(s).map((i) => [i.productId, i.priceCents])) },
    );
    await tx.$executeRaw`RELEASE SAVEPOINT standing_occurrence`;
    const orderId = placed.orders[0].id;
    await tx.standingOrderOccurrence.create({ data: { ...base, status: "placed", orderId } });
    const farm = { id: s.farmId, farmName: s.farm.farmName, userId: s.farm.userId };
    const shortMessageId = await recordShortPick(tx, orderId, farm, wanted);
    const cardMessageId = await proposePriceRise(
      tx,
      orderId,
      { id: s.farmId, farmName: s.farm.farmName, userId: s.farm.userId },
      await currentPrices(tx, s),
    );
    await enqueue(tx, {
      userId: s.userId,
      kind: "standing_placed",
      payload: { standingOrderId: s.id, orderId },
      dedupeKey: `standing_placed:${s.id}:${localDate}`,
    });
    return {
      outcome: { ...base, status: "placed", orderId },
      cardMessageIds: [shortMessageId, cardMessageId],
    };
  } catch (error) {
    // Anything else (the database went away) rolls the whole claim back: the next round retries it.
    if (!isAppError(error)) throw error;
    await tx.$executeRaw`ROLLBACK TO SAVEPOINT standing_occurrence`;
    reason = error.message;
  }
  const occurrence = await tx.standingOrderOccurrence.create({
    data: { ...base, status: "failed", reason },
  });
  await enqueue(tx, {
    userId: s.userId,
    kind: "standing_failed",
    payload: { standingOrderId: s.id, localDate, reason },
    dedupeKey: `standing_failed:${s.id}:${localDate}`,
  });
  const notice = await storeNotice(
    tx,
    s.farm.userId,
    s.userId,
    `We could not place your standing order for ${dayLabel(localDate)}: ${reason}`,
    `standing-occurrence-${occurrence.id}`,
  );
  return { outcome: { ...base, status: "failed", reason }, notice };
}

/** Claims the next due standing order and handles its occurrence; null when none is due (or all due ones are held by other workers). */
export async function placeNextDue(now = new Date()): Promise<Outcome | null> {
  const result = await inTransaction(async (tx) => {
    const claimed = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "StandingOrder"
      WHERE "status" = 'active' AND "nextDueAt" <= ${now}
      ORDER BY "nextDueAt", "id"
      LIMIT 1
      FOR UPDATE SKIP LOCKED`;
    if (!claimed.length) return null;
    const s = await load(tx, claimed[0].id);
    const window = await findWindow(tx, s);
    const done = await placeOccurrence(tx, s, window, now);
    const nextDate = followingDate(s.nextDate, s.everyWeeks);
    await tx.standingOrder.update({
      where: { id: s.id },
      data: {
        nextDate,
        nextDueAt: dueAt(window, nextDate, s.farm.timeZone),
        ...(s.skipNextDate === s.nextDate ? { skipNextDate: null } : {}),
      },
    });
    // The hold moves on to the next date (or is given back when that is beyond the horizon).
    await syncHold(tx, s.id, now);
    return done;
  });
  if (!result) return null;
  // Stored either way (the chat shows them on its next load): a failed push is logged, not thrown.
  const what = `standing order ${result.outcome.standingOrderId} (${result.outcome.localDate})`;
  const notice = result.notice;
  if (notice)
    await publishMessage(notice).catch((e: unknown) =>
      console.error(`[standing] could not push message ${notice.id} of ${what}:`, e),
    );
  for (const id of result.cardMessageIds ?? [])
    if (id)
      await publishCard(id).catch((e: unknown) =>
        console.error(`[standing] could not push price card ${id} of ${what}:`, e),
      );
  return result.outcome;
}

/** Handles every standing order due at `now` (at most `limit`); returns what happened to each. */
export async function placeDueStandingOrders(now = new Date(), limit = 10_000): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  while (outcomes.length < limit) {
    const outcome = await placeNextDue(now);
    if (!outcome) break;
    outcomes.push(outcome);
  }
  return outcomes;
}

/**
 * Runs placeDueStandingOrders every `intervalMs` (a minute by default) in this process (see
 * startLoop).
 */
export function startStandingWorker(
  intervalMs = 60_000,
  log: (message: string) => void = (m) => console.info(`[standing] ${m}`),
): Loop {
  return startLoop(
    async () => {
      // Holds first: an occurrence entering the horizon holds its stock before shoppers buy it.
      const held = await refreshHolds();
      if (held) log(`${held} stock hold(s) moved`);
      const outcomes = await placeDueStandingOrders();
      if (outcomes.length)
        log(
          `${outcomes.length} occurrence(s): ${["placed", "failed", "skipped"].map((s) => `${outcomes.filter((o) => o.status === s).length} ${s}`).join(", ")}`,
        );
    },
    { firstMs: 5_000, intervalMs, log },
  );
}
