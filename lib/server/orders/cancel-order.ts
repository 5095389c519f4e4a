import "server-only";
import { MAX_BALANCE_CENTS } from "@/lib/money";
import { AppError, conflict, notFound } from "@/lib/server/platform/errors";
import { formatCents } from "@/lib/server/wallet/serialize";
import { releaseSlot } from "@/lib/server/fulfilment/booking";
import { withIdempotency } from "@/lib/server/platform/idempotency";
import { enqueue, farmOwnerId } from "@/lib/server/notifications/outbox";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import { release } from "@/lib/server/stock/stock";
import { orderDetailInclude, serializeOrderDetail } from "./serialize";

/**
 * POST /api/orders/{id}/cancel (docs/money.md): owner only (404 otherwise, like an unknown id),
 * active only (409). Status, stock, the slot's place and the refund change in one transaction. The status flip is a
 * conditional UPDATE, so two concurrent cancels refund once: the second finds nothing active; a
 * repeat with the cancel's Idempotency-Key replays its answer instead of a 409.
 */
export function cancelOrder(userId: number, orderId: number, idempotencyKey?: string) {
  return withIdempotency(
    userId,
    `orders.cancel.${orderId}`,
    idempotencyKey,
    { orderId },
    async (tx) => {
      const { count } = await tx.order.updateMany({
        where: { id: orderId, userId, status: "active" },
        data: { status: "cancelled", cancelledAt: new Date(), version: { increment: 1 } },
      });
      if (count === 0) {
        const existing = await tx.order.findFirst({
          where: { id: orderId, userId },
          select: { status: true },
        });
        if (!existing) throw notFound("Order not found");
        throw conflict(`Only active orders can be cancelled; this order is ${existing.status}`);
      }

      const order = await tx.order.findUniqueOrThrow({
        where: { id: orderId },
        include: orderDetailInclude,
      });

      const restock = new Map<number, number>();
      for (const i of order.items)
        restock.set(i.productId, (restock.get(i.productId) ?? 0) + i.quantity);
      await release(tx, restock);

      // Its place in the slot is free again: a slot's capacity counts active orders (docs/fulfilment.md).
      if (order.fulfilment) await releaseSlot(tx, order.id);

      // An order on account leaves its statement by being cancelled: nothing moves in the wallet.
      const refund = order.payment === "wallet" && order.isPaid && order.totalCents > 0;
      if (refund) {
        await ensureWallet(tx, userId);
        const refunded = await applyBalanceChange(tx, userId, order.totalCents, {
          type: "refund",
          description: `Refund for order #${order.id} from ${order.farm.farmName}`,
          reference: `ORDER-${order.id}`,
        });
        // The one way a refund is refused: the wallet would pass the balance cap.
        if (!refunded)
          throw new AppError(
            "wallet_limit",
            `This refund would take your wallet past ${formatCents(MAX_BALANCE_CENTS)}: spend some of it first, or contact support`,
          );
      }

      await tx.orderEvent.create({
        data: {
          orderId,
          status: "cancelled",
          note: refund
            ? "Cancelled by you · refunded to your wallet"
            : order.payment === "account"
              ? "Cancelled by you · taken off your statement"
              : "Cancelled by you",
        },
      });
      const payload = { orderId };
      await enqueue(
        tx,
        { userId, kind: "order_cancelled", payload, dedupeKey: `order_cancelled:${orderId}:buyer` },
        {
          userId: await farmOwnerId(tx, order.farmId),
          kind: "order_cancelled",
          payload,
          dedupeKey: `order_cancelled:${orderId}:farm`,
        },
      );
      return serializeOrderDetail(
        await tx.order.findUniqueOrThrow({ where: { id: orderId }, include: orderDetailInclude }),
      );
    },
  );
}
