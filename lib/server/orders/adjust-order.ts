import "server-only";
import type { Order, OrderItem } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/server/auth/session";
import { AppError, badRequest, conflict, notFound } from "@/lib/server/platform/errors";
import { requireOwnFarm } from "@/lib/server/farm/access";
import { withIdempotency, type IdempotentResult } from "@/lib/server/platform/idempotency";
import { type Tx } from "@/lib/server/platform/transaction";
import { buyerLevel, unitPrice } from "@/lib/server/catalog/pricing";
import { loadMessage } from "@/lib/server/messages/serialize";
import { enqueue, enqueuePush, farmOwnerId } from "@/lib/server/notifications/outbox";
import { moveStock } from "@/lib/server/stock/stock";
import { possessive } from "@/lib/format";
import { publishMessage } from "@/lib/server/realtime/bus";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import { formatCents } from "@/lib/server/wallet/serialize";
import { takeCredit } from "@/lib/server/credit/credit";
import type { ProposeAdjustmentInput } from "@/lib/validators/adjustments";
import { MAX_QUANTITY } from "@/lib/validators/orders";
import { orderTotals } from "./taxes";
import { computeTaxes, ratesOf, taxesOf, taxTotal, type TaxClassName } from "@/lib/tax";
import { lockActiveOrder, writeLines, type Line } from "@/lib/server/orders/lines";
import {
  adjustmentInclude,
  describeLines,
  serializeAdjustment,
  storedLines,
  type LineState,
  type StoredLine,
} from "@/lib/server/adjustments/serialize";
import { type AdjustmentJson } from "@/lib/contracts/adjustments";

export const STALE_MESSAGE = "This change is out of date: the order changed since it was proposed";

/**
 * Settling differences in the conversation (docs/adjustments.md). A farm proposes a change to one
 * of its active orders; lower quantities only are applied at once with a refund, anything else
 * (a higher quantity, a substitute) waits for the buyer. Each proposal is a card message in the
 * buyer–farm conversation, published live after commit, and republished whenever its status
 * changes, so both sides see the answer without reloading.
 *
 * Locks: proposing and accepting lock the order row (as PATCH /api/orders/{id} and cancel do), and
 * accepting or declining first lock the card row, so a card is decided once however many tabs
 * click. Each order change raises `Order.version`; a card remembers the version it was proposed
 * at and is refused (stale) when the order has moved on.
 */

const loadCard = async (tx: Tx, id: number) =>
  serializeAdjustment(
    await tx.orderAdjustment.findUniqueOrThrow({ where: { id }, include: adjustmentInclude }),
  );

/** Sends the card's message to both participants' streams again (after commit). */
export async function publishCard(messageId: number | null) {
  if (messageId === null) return;
  const message = await loadMessage(messageId);
  if (message) await publishMessage(message);
}

/** An order line as an adjustment card records it. */
const stateOf = (i: OrderItem): LineState => ({
  productId: i.productId,
  name: i.productName,
  quantity: i.quantity,
  priceCents: i.priceCents,
});

/** An order with its lines in the order they were written. */
const orderWithItems = (tx: Tx, orderId: number) =>
  tx.order.findUniqueOrThrow({
    where: { id: orderId },
    include: { items: { orderBy: { id: "asc" } } },
  });

const MAX_TEXT = 400;
const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);

/** The ledger row's and order history's words: what changed, and the farm's note when there is one. */
function reason(orderId: number, farmName: string, lines: StoredLine[], note: string) {
  return clip(
    `Order #${orderId} adjusted by ${farmName}: ${describeLines(lines)}${note ? ` — ${note}` : ""}`,
  );
}

/**
 * What the order holds per product once a card's lines apply: two lines substituted with one
 * product, or a substitute already in the order, make one line (their prices agree: see
 * proposeAdjustment).
 */
function linesAfter(items: OrderItem[], lines: StoredLine[]): Map<number, Line> {
  const after = new Map(lines.map((l) => [l.itemId, l.after]));
  const held = new Map<number, Line>();
  for (const item of [...items].sort((a, b) => a.id - b.id)) {
    const state = after.get(item.id) ?? {
      productId: item.productId,
      name: item.productName,
      quantity: item.quantity,
      priceCents: item.priceCents,
    };
    const same = held.get(state.productId);
    held.set(state.productId, same ? { ...same, quantity: same.quantity + state.quantity } : state);
  }
  return held;
}

/** The order's delivery fee now (an adjustment leaves it as it is). */
async function feeOf(tx: Tx, orderId: number): Promise<number> {
  const f = await tx.orderFulfilment.findUnique({ where: { orderId }, select: { feeCents: true } });
  return f?.feeCents ?? 0;
}

/**
 * How much the order's taxes move once a card's lines apply (docs/money.md, "Taxes"): the card's
 * difference is goods and tax, so the buyer agrees to, and pays, what the order will cost.
 */
async function taxDelta(tx: Tx, order: Order & { items: OrderItem[] }, lines: StoredLine[]) {
  const rates = ratesOf(order.taxRates);
  if (!rates.length) return 0;
  const after = [...linesAfter(order.items, lines).values()].filter((l) => l.quantity > 0);
  // A product keeps its line's class while in the order; a newcomer brings its own (lines.ts).
  const classOf = new Map<number, TaxClassName>(order.items.map((i) => [i.productId, i.taxClass]));
  const missing = after.map((l) => l.productId).filter((id) => !classOf.has(id));
  if (missing.length)
    for (const p of await tx.product.findMany({
      where: { id: { in: missing } },
      select: { id: true, taxClass: true },
    }))
      classOf.set(p.id, p.taxClass);
  const taxes = computeTaxes(
    after.map((l) => ({
      amountCents: l.priceCents * l.quantity,
      taxClass: classOf.get(l.productId) ?? "zero",
    })),
    await feeOf(tx, order.id),
    rates,
  );
  return taxTotal(taxes) - taxTotal(taxesOf(order.taxes));
}

/**
 * Applies a card's lines to the order inside the caller's transaction (the order row is locked):
 * stock moves by product in ascending id order (as checkout, edit and cancel, so they never
 * deadlock), the lines change (one per product: lib/server/orders/lines.ts), the wallet pays or gets back the difference as one `adjustment`
 * ledger row, the order's total and version move, and the history says why.
 */
async function applyLines(
  tx: Tx,
  order: Order & { items: OrderItem[] },
  lines: StoredLine[],
  deltaCents: number,
  farmName: string,
  note: string,
) {
  const stock = new Map<number, number>();
  for (const { before, after } of lines) {
    stock.set(before.productId, (stock.get(before.productId) ?? 0) - before.quantity);
    stock.set(after.productId, (stock.get(after.productId) ?? 0) + after.quantity);
  }
  await moveStock(tx, stock);

  const itemCount = await writeLines(tx, order.id, order.items, linesAfter(order.items, lines));

  const why = reason(order.id, farmName, lines, note);
  if (order.payment === "account") {
    // On account the statement moves with the order; paying more must fit the credit line (docs/money.md).
    if (deltaCents > 0)
      await takeCredit(
        tx,
        order.userId,
        { id: order.farmId, farmName },
        deltaCents,
        "this change costs",
      );
  } else if (deltaCents !== 0) {
    await ensureWallet(tx, order.userId);
    const moved = await applyBalanceChange(tx, order.userId, -deltaCents, {
      type: "adjustment",
      description: why,
      reference: `ORDER-${order.id}`,
    });
    if (!moved) {
      const wallet = await tx.wallet.findUniqueOrThrow({ where: { userId: order.userId } });
      throw new AppError(
        "insufficient_funds",
        `Insufficient balance: this change costs ${formatCents(deltaCents)} more but your wallet holds ${formatCents(wallet.balanceCents)}. Top up your wallet and try again.`,
      );
    }
  }

  // The card's difference already holds the tax it moves; the order keeps the taxes of its new lines.
  const { taxes } = await orderTotals(tx, order.id, await feeOf(tx, order.id));
  await tx.order.update({
    where: { id: order.id },
    data: { totalCents: { increment: deltaCents }, taxes, itemCount, version: { increment: 1 } },
  });
  await tx.orderEvent.create({ data: { orderId: order.id, status: "active", note: why } });
}

/** The card's text (the chat list's preview, and what a client without cards shows). */
export function cardText(
  orderId: number,
  farmName: string,
  lines: StoredLine[],
  deltaCents: number,
  applied: boolean,
  note: string,
  onAccount = false,
  placedShort = false,
) {
  const money = placedShort
    ? "You pay only for what was placed."
    : deltaCents === 0
      ? "No change to the price."
      : applied
        ? `${formatCents(-deltaCents)} ${onAccount ? "taken off your statement" : "refunded to your wallet"}.`
        : deltaCents > 0
          ? `You would pay ${formatCents(deltaCents)} more.`
          : `You would get ${formatCents(-deltaCents)} back.`;
  const head = applied
    ? `${farmName} adjusted order #${orderId}`
    : `${farmName} proposes a change to order #${orderId}`;
  return `${clip(`${head}: ${describeLines(lines)}.`)} ${money}${note ? `\n${note}` : ""}`;
}

type CardFarm = { id: number; farmName: string; userId: number };

/**
 * A card in the buyer–farm conversation (the row, its message from the farmer, the buyer's email),
 * inside the caller's transaction; `applied` cards were applied by the caller already.
 */
async function raiseCard(
  tx: Tx,
  c: {
    order: Order;
    farm: CardFarm;
    lines: StoredLine[];
    deltaCents: number;
    note: string;
    applied: boolean;
    placedShort?: boolean;
  },
) {
  const created = await tx.orderAdjustment.create({
    data: {
      orderId: c.order.id,
      farmId: c.farm.id,
      buyerId: c.order.userId,
      status: c.applied ? "applied" : "pending",
      lines: c.lines,
      deltaCents: c.deltaCents,
      note: c.note,
      orderVersion: c.order.version,
      decidedAt: c.applied ? new Date() : null,
    },
  });
  const message = await tx.message.create({
    data: {
      senderId: c.farm.userId,
      receiverId: c.order.userId,
      content: cardText(
        c.order.id,
        c.farm.farmName,
        c.lines,
        c.deltaCents,
        c.applied,
        c.note,
        c.order.payment === "account",
        c.placedShort,
      ),
      kind: "adjustment",
      adjustmentId: created.id,
    },
  });
  const card = await tx.orderAdjustment.update({
    where: { id: created.id },
    data: { messageId: message.id },
  });
  // An applied card is news; anything else waits for the buyer (docs/notifications.md).
  const kind = c.applied ? "adjustment_applied" : "adjustment_proposed";
  await enqueue(tx, {
    userId: c.order.userId,
    kind,
    payload: { adjustmentId: created.id },
    dedupeKey: `${kind}:${created.id}:buyer`,
  });
  return card;
}

export const PRICE_RISE_NOTE =
  "The farm's price went up since you set up this standing order. Accept to pay the new price for this order, or decline to keep the price you agreed.";

/**
 * A standing order's occurrence was placed at the prices its buyer agreed to while the farm charges
 * more now (docs/restaurants.md, "Agreed prices"): one pending card for the difference, so the rise
 * is paid only if the buyer accepts it. `current` maps product ids to the farm's price now; lines
 * whose price is not above it are left alone. Inside the caller's transaction, right after the
 * order was placed; returns the card's message id to publish after commit, or null without a rise.
 */
export async function proposePriceRise(
  tx: Tx,
  orderId: number,
  farm: CardFarm,
  current: ReadonlyMap<number, number>,
): Promise<number | null> {
  const order = await orderWithItems(tx, orderId);
  const lines: StoredLine[] = order.items.flatMap((i) => {
    const now = current.get(i.productId);
    if (now === undefined || now <= i.priceCents) return [];
    const before = stateOf(i);
    return [{ itemId: i.id, before, after: { ...before, priceCents: now } }];
  });
  if (!lines.length) return null;
  const deltaCents =
    lines.reduce(
      (sum, l) => sum + l.after.quantity * (l.after.priceCents - l.before.priceCents),
      0,
    ) + (await taxDelta(tx, order, lines));
  const card = await raiseCard(tx, {
    order,
    farm,
    lines,
    deltaCents,
    note: PRICE_RISE_NOTE,
    applied: false,
  });
  return card.messageId;
}

export const SHORT_PICK_NOTE =
  "The farm's stock fell below what this standing order holds, so this week's order was placed with what is left.";

/**
 * A standing order's occurrence placed short (docs/restaurants.md, "Reserved stock"): the farm's
 * count fell below the holds, so the order was placed with fewer units than `wanted` (product id →
 * units). One applied card tells the buyer, line by line; nothing was charged for the missing
 * units, so no money moves. Products with nothing left are named in the note. Inside the caller's
 * transaction, right after the order was placed; returns the card's message id, or null when
 * nothing is short.
 */
export async function recordShortPick(
  tx: Tx,
  orderId: number,
  farm: CardFarm,
  wanted: ReadonlyMap<number, number>,
): Promise<number | null> {
  const order = await orderWithItems(tx, orderId);
  const lines: StoredLine[] = order.items.flatMap((i) => {
    const want = wanted.get(i.productId) ?? i.quantity;
    if (want <= i.quantity) return [];
    const after = stateOf(i);
    return [{ itemId: i.id, before: { ...after, quantity: want }, after }];
  });
  const placed = new Set(order.items.map((i) => i.productId));
  const gone = [...wanted.keys()].filter((id) => !placed.has(id));
  if (!lines.length && !gone.length) return null;
  const names = gone.length
    ? (await tx.product.findMany({ where: { id: { in: gone } }, select: { name: true } })).map(
        (p) => p.name,
      )
    : [];
  const note = names.length
    ? `${SHORT_PICK_NOTE} Not available this time: ${names.join(", ")}.`
    : SHORT_PICK_NOTE;
  const card = await raiseCard(tx, {
    order,
    farm,
    lines,
    deltaCents: 0,
    note,
    applied: true,
    placedShort: true,
  });
  await tx.orderEvent.create({ data: { orderId, status: "active", note: clip(note) } });
  return card.messageId;
}

/** POST /api/my-farm/orders/{id}/adjustments (the farmer of that order's farm; active orders only). */
export async function proposeAdjustment(
  user: SessionUser,
  orderId: number,
  input: ProposeAdjustmentInput,
  idempotencyKey?: string,
): Promise<IdempotentResult<AdjustmentJson>> {
  const farm = await requireOwnFarm(user);
  const { value, replayed } = await withIdempotency<AdjustmentJson>(
    user.id,
    `adjustments.propose.${orderId}`,
    idempotencyKey,
    input,
    async (tx) => {
      await lockActiveOrder(tx, orderId, { farmId: farm.id }, "adjusted");
      const order = await tx.order.findUniqueOrThrow({
        where: { id: orderId },
        include: { items: { orderBy: { id: "asc" } } },
      });

      const items = new Map(order.items.map((i) => [i.id, i]));
      const inOrder = new Map(order.items.map((i) => [i.productId, i]));
      const substituteIds = input.lines.flatMap((l) =>
        l.substituteProductId === undefined ? [] : [l.substituteProductId],
      );
      const substitutes = new Map(
        (
          await tx.product.findMany({
            where: { id: { in: substituteIds }, farmId: farm.id, isHidden: false },
            select: {
              id: true,
              name: true,
              priceCents: true,
              restaurantPriceCents: true,
              caseSize: true,
            },
          })
        ).map((p) => [p.id, p]),
      );
      // A substitute costs what this buyer pays for it: a restaurant its restaurant price (docs/restaurants.md).
      const level = await buyerLevel(tx, order.userId);

      const lines: StoredLine[] = [];
      for (const l of input.lines) {
        const item = items.get(l.itemId);
        if (!item)
          throw badRequest(`Line ${l.itemId} is not part of order #${orderId}`, {
            lines: `Line ${l.itemId} is not part of order #${orderId}`,
          });
        const before = stateOf(item);
        let after: LineState = { ...before, quantity: l.quantity ?? item.quantity };
        if (l.substituteProductId !== undefined && l.substituteProductId !== item.productId) {
          const p = substitutes.get(l.substituteProductId);
          const fail = (message: string) => badRequest(message, { lines: message });
          if (!p)
            throw fail(
              `Product ${l.substituteProductId} is not one of ${possessive(farm.farmName)} products`,
            );
          if (after.quantity === 0)
            throw fail(`A substitute for ${item.productName} needs a quantity of at least 1`);
          // A product already in the order joins its line at that line's price, as a buyer's
          // edit keeps it; two lines substituted with one new product share today's price.
          after = {
            productId: p.id,
            name: p.name,
            quantity: after.quantity,
            priceCents: inOrder.get(p.id)?.priceCents ?? unitPrice(p, level).cents,
          };
        }
        if (after.productId === before.productId && after.quantity === before.quantity) {
          throw badRequest(`${item.productName}: nothing changes on this line`, {
            lines: `${item.productName}: nothing changes on this line`,
          });
        }
        lines.push({ itemId: item.id, before, after });
      }
      if (
        order.items.every((i) => lines.some((l) => l.itemId === i.id && l.after.quantity === 0))
      ) {
        const message =
          "An adjustment cannot remove every line: the buyer can cancel the order instead";
        throw badRequest(message, { lines: message });
      }

      for (const line of linesAfter(order.items, lines).values())
        if (line.quantity > MAX_QUANTITY) {
          const message = `${line.name}: this order would hold ${line.quantity}, at most ${MAX_QUANTITY} per product`;
          throw badRequest(message, { lines: message });
        }

      const deltaCents =
        lines.reduce(
          (sum, l) =>
            sum + l.after.quantity * l.after.priceCents - l.before.quantity * l.before.priceCents,
          0,
        ) + (await taxDelta(tx, order, lines));
      // Lower quantities of the same products only: nothing for the buyer to agree to.
      const reduction = lines.every(
        (l) => l.after.productId === l.before.productId && l.after.quantity < l.before.quantity,
      );
      const created = await raiseCard(tx, {
        order,
        farm,
        lines,
        deltaCents,
        note: input.note,
        applied: reduction,
      });
      if (reduction) await applyLines(tx, order, lines, deltaCents, farm.farmName, input.note);
      return loadCard(tx, created.id);
    },
  );
  if (!replayed) await publishCard(value.messageId);
  return { value, replayed };
}

/** The buyer's card on their order, locked for the rest of the transaction (404 for anyone else's). */
async function lockCard(tx: Tx, userId: number, orderId: number, adjustmentId: number) {
  const [row] = await tx.$queryRaw<
    { id: number; orderId: number; buyerId: number; status: string }[]
  >`
    SELECT "id", "orderId", "buyerId", "status"::text AS "status" FROM "OrderAdjustment" WHERE "id" = ${adjustmentId} FOR UPDATE`;
  if (!row || row.orderId !== orderId || row.buyerId !== userId)
    throw notFound("Adjustment not found");
  return tx.orderAdjustment.findUniqueOrThrow({
    where: { id: adjustmentId },
    include: adjustmentInclude,
  });
}

type Decision = { card: AdjustmentJson; publish: boolean; stale?: true };

/** A replayed decision publishes nothing new: its card went out with the first answer. */
async function finish({
  value,
  replayed,
}: IdempotentResult<Decision>): Promise<IdempotentResult<AdjustmentJson>> {
  if (value.publish && !replayed) await publishCard(value.card.messageId);
  if (value.stale) throw new AppError("adjustment_stale", STALE_MESSAGE);
  return { value: value.card, replayed };
}

/**
 * POST /api/orders/{id}/adjustments/{aid}/accept (the buyer). One transaction: lock the card, then
 * the order; a card already accepted answers as it is and moves nothing (two tabs, a double click);
 * a card whose order changed since becomes stale (409); otherwise the lines, stock and wallet move.
 */
export async function acceptAdjustment(
  userId: number,
  orderId: number,
  adjustmentId: number,
  idempotencyKey?: string,
): Promise<IdempotentResult<AdjustmentJson>> {
  return finish(
    await withIdempotency<Decision>(
      userId,
      `adjustments.accept.${adjustmentId}`,
      idempotencyKey,
      { orderId, adjustmentId },
      async (tx) => {
        const card = await lockCard(tx, userId, orderId, adjustmentId);
        if (card.status === "accepted" || card.status === "applied")
          return { card: serializeAdjustment(card), publish: false };
        if (card.status === "declined") throw conflict("You declined this change already");
        if (card.status === "stale") throw new AppError("adjustment_stale", STALE_MESSAGE);

        await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
        const order = await tx.order.findUniqueOrThrow({
          where: { id: orderId },
          include: { items: true },
        });
        if (order.status !== "active" || order.version !== card.orderVersion) {
          await tx.orderAdjustment.update({
            where: { id: adjustmentId },
            data: { status: "stale", decidedAt: new Date() },
          });
          return { card: await loadCard(tx, adjustmentId), publish: true, stale: true };
        }
        await applyLines(
          tx,
          order,
          storedLines(card),
          card.deltaCents,
          card.order.farm.farmName,
          card.note,
        );
        await tx.orderAdjustment.update({
          where: { id: adjustmentId },
          data: { status: "accepted", decidedAt: new Date() },
        });
        const owner = await farmOwnerId(tx, order.farmId);
        await enqueue(tx, {
          userId: owner,
          kind: "adjustment_applied",
          payload: { adjustmentId },
          dedupeKey: `adjustment_applied:${adjustmentId}:farm`,
        });
        await enqueuePush(tx, {
          userId: owner,
          kind: "adjustment_answer",
          payload: { adjustmentId },
          dedupeKey: String(adjustmentId),
        });
        return { card: await loadCard(tx, adjustmentId), publish: true };
      },
    ),
  );
}

/** POST /api/orders/{id}/adjustments/{aid}/decline (the buyer): the order stays as it is. */
export async function declineAdjustment(
  userId: number,
  orderId: number,
  adjustmentId: number,
  idempotencyKey?: string,
): Promise<IdempotentResult<AdjustmentJson>> {
  return finish(
    await withIdempotency<Decision>(
      userId,
      `adjustments.decline.${adjustmentId}`,
      idempotencyKey,
      { orderId, adjustmentId },
      async (tx) => {
        const card = await lockCard(tx, userId, orderId, adjustmentId);
        if (card.status === "declined") return { card: serializeAdjustment(card), publish: false };
        if (card.status === "accepted" || card.status === "applied")
          throw conflict(`This change was ${card.status} already`);
        if (card.status === "stale") throw new AppError("adjustment_stale", STALE_MESSAGE);
        await tx.orderAdjustment.update({
          where: { id: adjustmentId },
          data: { status: "declined", decidedAt: new Date() },
        });
        await tx.orderEvent.create({
          data: {
            orderId,
            status: "active",
            note: clip(`Change declined: ${describeLines(storedLines(card))}`),
          },
        });
        await enqueuePush(tx, {
          userId: await farmOwnerId(tx, card.farmId),
          kind: "adjustment_answer",
          payload: { adjustmentId },
          dedupeKey: String(adjustmentId),
        });
        return { card: await loadCard(tx, adjustmentId), publish: true };
      },
    ),
  );
}
