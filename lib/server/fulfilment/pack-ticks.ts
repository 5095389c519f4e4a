import "server-only";
import { withIdempotency } from "@/lib/server/platform/idempotency";
import { AppError, notFound } from "@/lib/server/platform/errors";
import type { SessionUser } from "@/lib/server/auth/session";
import { requireOwnFarm } from "@/lib/server/farm/access";
import type { PackTickInput } from "@/lib/validators/fulfilment";
import type { PackTicksJson } from "@/lib/contracts/fulfilment";

/**
 * Pack list tick-offs (docs/fulfilment.md): one row per packed line of the farm's own active
 * order; a whole order (productId null) ticks or unticks every line. Repeats change nothing.
 * Answers the order's packed lines after the change. With an `Idempotency-Key` a tick sent again
 * (the phone's offline queue after a lost answer) replays its first answer instead of applying
 * once more, so a late copy never undoes a later untick.
 */
export async function setPackTick(
  user: SessionUser,
  input: PackTickInput,
  idempotencyKey?: string,
): Promise<PackTicksJson> {
  const { id: farmId } = await requireOwnFarm(user);
  const { value } = await withIdempotency(
    user.id,
    "pack.tick",
    idempotencyKey,
    input,
    async (tx) => {
      const order = await tx.order.findFirst({
        where: { id: input.orderId, farmId },
        select: { status: true, items: { select: { productId: true } } },
      });
      if (!order) throw notFound("Order not found");
      if (order.status !== "active")
        throw new AppError(
          "order_not_active",
          `Only active orders can be packed; this order is ${order.status}`,
        );
      const lines = order.items.map((i) => i.productId);
      if (input.productId !== null && !lines.includes(input.productId))
        throw notFound("This product is not in the order");
      const productIds = input.productId === null ? lines : [input.productId];
      if (input.packed) {
        await tx.packTick.createMany({
          data: productIds.map((productId) => ({ orderId: input.orderId, productId, farmId })),
          skipDuplicates: true,
        });
      } else {
        await tx.packTick.deleteMany({
          where: { orderId: input.orderId, farmId, productId: { in: productIds } },
        });
      }
      const packed = await tx.packTick.findMany({
        where: { orderId: input.orderId, farmId },
        orderBy: { productId: "asc" },
        select: { productId: true },
      });
      return { orderId: input.orderId, packed: packed.map((p) => p.productId) };
    },
  );
  return value;
}
