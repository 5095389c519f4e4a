import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { type Tx } from "@/lib/server/platform/transaction";
import { holdingCap } from "@/lib/validators/orders";

/**
 * A product's stock (docs/architecture.md, "Who owns which data"): the only module that writes
 * `Product.stock` and `inStock`. Checkout, order edits, cancels, adjustments and standing orders
 * move it through `moveStock` (or its two faces `reserve` and `release`) inside their own
 * transaction; a farmer's own count is written in the shape `countedStock` gives.
 */

/** Units per product id. */
export type StockLines = Map<number, number>;

/**
 * Moves stock by a signed quantity per product in two statements: a positive quantity is taken
 * from the shelf, a negative one given back. The rows are locked first in ascending id order (a
 * SELECT … FOR NO KEY UPDATE), as every path that changes stock takes them, so two transactions
 * never deadlock;
 * then a conditional UPDATE runs on each (READ COMMITTED re-checks it on the newest row after a
 * wait). Taking needs a visible product in stock with enough units, so stock never goes negative
 * (a CHECK constraint backs this up); giving back always succeeds. A product it could not take
 * is refused with the reason (`refuse`), the lowest id first, and the caller's transaction rolls
 * back the rest.
 */
export async function moveStock(tx: Tx, deltas: StockLines): Promise<void> {
  const ids = [...deltas.keys()].filter((id) => deltas.get(id) !== 0).sort((a, b) => a - b);
  if (!ids.length) return;
  // Lock first, in its own statement, in ascending id order: within one UPDATE … FROM the planner
  // chooses the order rows are locked in, and two checkouts of the same products deadlocked.
  await tx.$queryRaw`
    SELECT p."id" FROM "Product" p WHERE p."id" = ANY(${ids}::int[]) ORDER BY p."id" FOR NO KEY UPDATE`;
  const moved = await tx.$queryRaw<{ id: number }[]>`
    WITH wanted AS (
      SELECT * FROM unnest(${ids}::int[], ${ids.map((id) => deltas.get(id)!)}::int[]) AS w("id", "quantity")
    )
    UPDATE "Product" p
    SET "stock" = p."stock" - w."quantity",
      "inStock" = (w."quantity" < 0 OR p."stock" - w."quantity" > 0), "updatedAt" = now()
    FROM wanted w
    WHERE p."id" = w."id"
      AND (w."quantity" < 0 OR (NOT p."isHidden" AND p."inStock" AND p."stock" >= w."quantity"))
    RETURNING p."id"`;
  if (moved.length === ids.length) return;
  const done = new Set(moved.map((r) => r.id));
  await refuse(
    tx,
    ids.find((id) => !done.has(id))!,
  );
}

/** Takes the units of every line, or refuses (out of stock, hidden, too few left). */
export function reserve(tx: Tx, lines: StockLines): Promise<void> {
  return moveStock(tx, lines);
}

/** Gives the units of every line back to the shelf (a cancel, a line lowered or removed). */
export function release(tx: Tx, lines: StockLines): Promise<void> {
  return moveStock(tx, new Map([...lines].map(([id, quantity]) => [id, -quantity])));
}

/** The refusal of a product that could not be taken, in the buyer's words. */
async function refuse(tx: Tx, productId: number): Promise<never> {
  const p = await tx.product.findUniqueOrThrow({ where: { id: productId } });
  if (p.isHidden) throw new AppError("out_of_stock", `${p.name} is no longer available`);
  if (!p.inStock || p.stock <= 0) throw new AppError("out_of_stock", `${p.name} is out of stock`);
  throw new AppError("out_of_stock", `Only ${p.stock} ${p.unit} of ${p.name} left in stock`);
}

/**
 * A farmer's own count of a product, as the product's columns: on the shelf while it is above 0.
 * Written with the product's other fields in the farm's one statement (lib/server/farm/products.ts).
 */
export function countedStock(count: number): { stock: number; inStock: boolean } {
  return { stock: count, inStock: count > 0 };
}

/**
 * The farmer's − / + on a product's count: one conditional UPDATE that moves it by `delta` on the
 * newest row (a checkout meanwhile is kept), never below 0, on the farm's own product only.
 * Answers the new count, or null when the product is not the farm's or the count would go below 0.
 */
export async function stepStock(
  tx: Tx,
  farmId: number,
  productId: number,
  delta: number,
): Promise<number | null> {
  const rows = await tx.$queryRaw<{ stock: number }[]>`
    UPDATE "Product" SET "stock" = "stock" + ${delta}::int, "inStock" = ("stock" + ${delta}::int > 0),
      "updatedAt" = now()
    WHERE "id" = ${productId} AND "farmId" = ${farmId} AND "stock" + ${delta}::int >= 0
    RETURNING "stock"`;
  return rows[0]?.stock ?? null;
}

/**
 * The hoarding cap (docs/product.md, "Stock and hoarding"): after this change, the buyer's open
 * orders may hold at most `holdingCap(left in stock + held by them)` of each product in `lines`
 * (the units this change added). Counted inside the caller's transaction after the stock rows
 * were updated, so two checkouts of the same product queue on its row lock and the second one
 * sees the first one's order.
 */
export async function enforceHoldingCap(
  tx: Tx,
  userId: number,
  lines: StockLines,
  products: Map<number, { name: string; unit: string; farm: { farmName: string } }>,
) {
  const ids = [...lines.keys()];
  const rows = await tx.$queryRaw<{ id: number; stock: number; held: number }[]>`
    SELECT p."id", p."stock",
      (SELECT COALESCE(SUM(oi."quantity"), 0)::int FROM "OrderItem" oi JOIN "Order" o ON o."id" = oi."orderId"
        WHERE o."userId" = ${userId} AND o."status" = 'active' AND oi."productId" = p."id") AS "held"
    FROM "Product" p WHERE p."id" = ANY(${ids}::int[])`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [id, requested] of lines) {
    const row = byId.get(id)!;
    const cap = holdingCap(row.stock + row.held);
    if (row.held <= cap) continue;
    const p = products.get(id)!;
    const before = row.held - requested;
    const tail =
      before <= 0
        ? `you asked for ${requested}`
        : cap > before
          ? `you already hold ${before}, so ${cap - before} more`
          : `you already hold ${before}`;
    throw new AppError(
      "order_limit",
      `You can hold at most ${cap} ${p.unit} of ${p.name} in open orders (half of what ${p.farm.farmName} has); ${tail}`,
    );
  }
}
