import "server-only";
import type { OrderItem } from "@/lib/generated/prisma/client";
import { type Tx } from "@/lib/server/platform/transaction";
import { AppError, notFound } from "@/lib/server/platform/errors";

/** What an order holds of one product. */
export type Line = { productId: number; name: string; quantity: number; priceCents: number };

/**
 * Locks an order's row before its lines change: 404 unless it belongs to `owner` (its buyer or its
 * farm), 409 `order_not_active` unless it is active (`verb` says what the caller would do to it).
 */
export async function lockActiveOrder(
  tx: Tx,
  orderId: number,
  owner: { userId: number } | { farmId: number },
  verb: "changed" | "adjusted",
): Promise<void> {
  const [locked] = await tx.$queryRaw<{ userId: number; farmId: number; status: string }[]>`
    SELECT "userId", "farmId", "status"::text AS "status" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
  const own =
    locked && ("userId" in owner ? locked.userId === owner.userId : locked.farmId === owner.farmId);
  if (!own) throw notFound("Order not found");
  if (locked.status !== "active")
    throw new AppError(
      "order_not_active",
      `Only active orders can be ${verb}; this order is ${locked.status}`,
    );
}

/**
 * Rewrites an order's lines to `wanted` (by product id; a quantity of 0 leaves no line) inside
 * the caller's transaction, the order row locked: an order has one line per product, whatever
 * path writes it (a unique index backs this). A product keeps the line that holds it; a product
 * new to the order takes over a line whose product leaves it (lowest id first: a substitute keeps
 * its line's id), or gets a new line. The lines that go are deleted first, so no two lines hold
 * one product even between two statements. A line keeps its tax class while it holds its product;
 * a product new to a line brings its current class. Returns the units the order holds now.
 */
export async function writeLines(
  tx: Tx,
  orderId: number,
  items: OrderItem[],
  wanted: Map<number, Line>,
): Promise<number> {
  const sorted = [...items].sort((a, b) => a.id - b.id);
  const lines = [...wanted.values()].filter((l) => l.quantity > 0);
  const staying = new Set(lines.map((l) => l.productId));
  const holder = new Map<number, OrderItem>();
  for (const item of sorted) if (!holder.has(item.productId)) holder.set(item.productId, item);
  const free = sorted.filter((i) => !staying.has(i.productId));

  const writes: [OrderItem, Line][] = [];
  const added: Line[] = [];
  for (const line of lines) {
    const item = holder.get(line.productId) ?? free.shift();
    if (item) writes.push([item, line]);
    else added.push(line);
  }
  const newcomers = [
    ...writes.filter(([item, line]) => item.productId !== line.productId).map(([, l]) => l),
    ...added,
  ].map((l) => l.productId);
  const classOf = new Map(
    newcomers.length
      ? (
          await tx.product.findMany({
            where: { id: { in: newcomers } },
            select: { id: true, taxClass: true },
          })
        ).map((p) => [p.id, p.taxClass])
      : [],
  );
  const used = new Set(writes.map(([item]) => item.id));
  const gone = sorted.filter((i) => !used.has(i.id)).map((i) => i.id);
  if (gone.length) await tx.orderItem.deleteMany({ where: { id: { in: gone } } });
  for (const [item, line] of writes) {
    if (
      item.productId === line.productId &&
      item.productName === line.name &&
      item.quantity === line.quantity &&
      item.priceCents === line.priceCents
    )
      continue;
    await tx.orderItem.update({
      where: { id: item.id },
      data: {
        productId: line.productId,
        productName: line.name,
        quantity: line.quantity,
        priceCents: line.priceCents,
        taxClass: classOf.get(line.productId) ?? item.taxClass,
      },
    });
  }
  if (added.length)
    await tx.orderItem.createMany({
      data: added.map((l) => ({
        orderId,
        productId: l.productId,
        productName: l.name,
        quantity: l.quantity,
        priceCents: l.priceCents,
        taxClass: classOf.get(l.productId) ?? "zero",
      })),
    });
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}
