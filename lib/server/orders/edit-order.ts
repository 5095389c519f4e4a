import "server-only";
import { zoneFeeCents } from "@/lib/delivery-fee";
import { AppError, badRequest } from "@/lib/server/platform/errors";
import { withIdempotency } from "@/lib/server/platform/idempotency";
import * as clock from "@/lib/server/platform/clock";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import { formatCents } from "@/lib/server/wallet/serialize";
import { takeCredit } from "@/lib/server/credit/credit";
import { isDbId } from "@/lib/validators/id";
import { buyerLevel, caseProblem, pricedLineSelect, unitPrice } from "@/lib/server/catalog/pricing";
import type { OrderEditInput } from "@/lib/validators/orders";
import { enforceHoldingCap, moveStock } from "@/lib/server/stock/stock";
import { lockActiveOrder, writeLines } from "./lines";
import { orderTotals } from "./taxes";
import { orderDetailInclude, serializeOrderDetail } from "./serialize";
import { type OrderDetailJson } from "@/lib/contracts/orders";

const LOCKED_AFTER_CUTOFF = "This order is locked: the cutoff has passed";
const LOCKED_WITHOUT_SLOT =
  "This order has no pickup or delivery time, so it cannot be changed: cancel it and order again";

/**
 * PATCH /api/orders/{id} (docs/fulfilment.md, "Changing an order"): before its cutoff the buyer
 * replaces the order's lines. Owner only (404 otherwise), active only (409), an order with a slot
 * whose cutoff is still ahead (409 order_locked). Lines already in the order keep the price paid;
 * new lines take today's price. Stock moves by the difference per product, the delivery fee is
 * recomputed from the zone's fee and free-over amount copied at checkout, and the wallet pays or
 * gets back the difference as one signed `adjustment` ledger row — all in one transaction that
 * first locks the order row, so two edits (or an edit and a cancel) queue instead of interleaving.
 */
export async function editOrder(
  userId: number,
  orderId: number,
  input: OrderEditInput,
  idempotencyKey?: string,
  now?: Date,
) {
  const at = now ?? (await clock.now());
  return withIdempotency<OrderDetailJson>(
    userId,
    `orders.edit.${orderId}`,
    idempotencyKey,
    input,
    async (tx) => {
      await lockActiveOrder(tx, orderId, { userId }, "changed");

      const order = await tx.order.findUniqueOrThrow({
        where: { id: orderId },
        include: {
          ...orderDetailInclude,
          farm: { select: { id: true, farmName: true, minimumOrderCents: true } },
        },
      });
      const fulfilment = order.fulfilment;
      if (!fulfilment) throw new AppError("order_locked", LOCKED_WITHOUT_SLOT);
      if (at.getTime() >= fulfilment.cutoffAt.getTime())
        throw new AppError("order_locked", LOCKED_AFTER_CUTOFF);

      const wanted = new Map<number, number>();
      for (const { productId, quantity } of input.items)
        wanted.set(productId, (wanted.get(productId) ?? 0) + quantity);
      const ids = [...wanted.keys()];
      const products = await tx.product.findMany({
        where: { id: { in: ids.filter(isDbId) } },
        select: { ...pricedLineSelect, farmId: true },
      });
      const byId = new Map(products.map((p) => [p.id, p]));
      for (const id of ids) {
        const p = byId.get(id);
        if (!p)
          throw badRequest(`Product ${id} was not found`, { items: `Product ${id} was not found` });
        if (p.farmId !== order.farmId) {
          const message = `${p.name} is not sold by ${order.farm.farmName}: order it separately`;
          throw badRequest(message, { items: message });
        }
      }

      // New lines take the buyer's level price; every line is whole cases for a restaurant (docs/restaurants.md).
      const level = await buyerLevel(tx, userId);
      const cases = caseProblem(
        [...wanted].map(([id, quantity]) => ({ product: byId.get(id)!, quantity })),
        level,
      );
      if (cases) throw badRequest(cases, { items: cases });
      const priceOf = (id: number) => unitPrice(byId.get(id)!, level).cents;

      const had = new Map(order.items.map((i) => [i.productId, i]));
      const changed = new Set([...had.keys(), ...wanted.keys()]);
      // Stock moves by the difference per product, in one statement (lib/server/stock).
      const deltas = new Map<number, number>();
      for (const id of changed)
        deltas.set(id, (wanted.get(id) ?? 0) - (had.get(id)?.quantity ?? 0));
      await moveStock(tx, deltas);
      const increases = new Map([...deltas].filter(([, delta]) => delta > 0));

      // The new lines, one per product: kept lines keep their price, new ones take today's.
      const wantedLines = new Map(
        ids.map((id) => [
          id,
          {
            productId: id,
            name: had.get(id)?.productName ?? byId.get(id)!.name,
            quantity: wanted.get(id)!,
            priceCents: had.get(id)?.priceCents ?? priceOf(id),
          },
        ]),
      );
      const itemCount = await writeLines(tx, orderId, order.items, wantedLines);

      const goodsCents = ids.reduce(
        (sum, id) => sum + (had.get(id)?.priceCents ?? priceOf(id)) * wanted.get(id)!,
        0,
      );
      if (goodsCents < order.farm.minimumOrderCents) {
        throw new AppError(
          "below_minimum",
          `The minimum order at ${order.farm.farmName} is ${formatCents(order.farm.minimumOrderCents)}`,
        );
      }
      const feeCents =
        fulfilment.kind === "delivery"
          ? zoneFeeCents(
              { feeCents: fulfilment.zoneFeeCents, freeOverCents: fulfilment.freeOverCents },
              goodsCents,
            )
          : 0;
      // Taxes move with the goods, at the rates fixed at checkout (docs/money.md, "Taxes").
      const { totalCents, taxes } = await orderTotals(tx, orderId, feeCents);
      const difference = totalCents - order.totalCents;

      if (order.payment === "account") {
        // On account the statement moves with the order; more must fit the credit line (docs/money.md).
        if (difference > 0)
          await takeCredit(tx, userId, order.farm, difference, "this change costs");
      } else if (difference !== 0) {
        await ensureWallet(tx, userId);
        const moved = await applyBalanceChange(tx, userId, -difference, {
          type: "adjustment",
          description: `Order #${orderId} changed`,
          reference: `ORDER-${orderId}`,
        });
        if (!moved) {
          const wallet = await tx.wallet.findUniqueOrThrow({ where: { userId } });
          throw new AppError(
            "insufficient_funds",
            `Insufficient balance: this change costs ${formatCents(difference)} more but your wallet holds ${formatCents(wallet.balanceCents)}. Top up your wallet and try again.`,
          );
        }
      }

      await tx.order.update({
        where: { id: orderId },
        data: {
          totalCents,
          taxes,
          itemCount,
          version: { increment: 1 },
        },
      });
      if (feeCents !== fulfilment.feeCents)
        await tx.orderFulfilment.update({ where: { orderId }, data: { feeCents } });
      // The history says what changed; saving the same lines again adds nothing to it.
      const note = editNote(order.items, wantedLines);
      if (note) await tx.orderEvent.create({ data: { orderId, status: "active", note } });

      // Last, as at checkout: counted over the buyer's open orders after this one changed.
      if (increases.size) {
        const farm = { farmName: order.farm.farmName };
        await enforceHoldingCap(
          tx,
          userId,
          increases,
          new Map(products.map((p) => [p.id, { name: p.name, unit: p.unit, farm }])),
        );
      }

      return serializeOrderDetail(
        await tx.order.findUniqueOrThrow({ where: { id: orderId }, include: orderDetailInclude }),
      );
    },
  );
}

/** What an edit changed, for the order's history: "Changed by the buyer: Carrots 2 → 5, Kale removed"; null for nothing. */
function editNote(
  had: readonly { productId: number; productName: string; quantity: number }[],
  wanted: ReadonlyMap<number, { name: string; quantity: number }>,
): string | null {
  const parts: string[] = [];
  for (const line of had) {
    const now = wanted.get(line.productId);
    if (!now) parts.push(`${line.productName} removed`);
    else if (now.quantity !== line.quantity)
      parts.push(`${line.productName} ${line.quantity} → ${now.quantity}`);
  }
  const kept = new Set(had.map((l) => l.productId));
  for (const [id, line] of wanted)
    if (!kept.has(id)) parts.push(`${line.name} added (${line.quantity})`);
  if (!parts.length) return null;
  // Bounded like every stored note: a long order's list is cut, never refused.
  const note = `Changed by the buyer: ${parts.join(", ")}`;
  return note.length > 500 ? `${note.slice(0, 499)}…` : note;
}
