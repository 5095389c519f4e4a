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
 * wait). Taking needs a visible product with enough units free of standing orders' holds
 * (`stock - reserved`), so stock never falls below what is held (CHECK constraints back this up);
 * giving back always succeeds. A product it could not take
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
      "inStock" = p."stock" - w."quantity" - p."reserved" > 0, "updatedAt" = now()
    FROM wanted w
    WHERE p."id" = w."id"
      AND (w."quantity" < 0 OR (NOT p."isHidden" AND p."stock" - p."reserved" >= w."quantity"))
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
  const free = p.stock - p.reserved;
  if (p.isHidden) throw new AppError("out_of_stock", `${p.name} is no longer available`);
  if (free <= 0) throw new AppError("out_of_stock", `${p.name} is out of stock`);
  throw new AppError("out_of_stock", `Only ${free} ${p.unit} of ${p.name} left in stock`);
}

/**
 * A new product's count, as the product's columns: on the shelf while it is above 0 (nothing is
 * held for a product no standing order has yet). Written with the product's other fields in the
 * farm's one statement (lib/server/farm/products.ts).
 */
export function countedStock(count: number): { stock: number; inStock: boolean } {
  return { stock: count, inStock: count > 0 };
}

/** The largest whole number of cases within `units`. */
const wholeCases = (units: number, caseSize: number) =>
  Math.max(0, Math.floor(units / Math.max(1, caseSize)) * Math.max(1, caseSize));

type Shelf = { id: number; stock: number; reserved: number; caseSize: number; isHidden: boolean };

/** Locks the products' rows in ascending id order (as moveStock) and reads their shelf. */
async function lockShelf(tx: Tx, ids: number[]): Promise<Map<number, Shelf>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (!sorted.length) return new Map();
  const rows = await tx.$queryRaw<Shelf[]>`
    SELECT p."id", p."stock", p."reserved", p."caseSize", p."isHidden" FROM "Product" p
    WHERE p."id" = ANY(${sorted}::int[]) ORDER BY p."id" FOR NO KEY UPDATE`;
  return new Map(rows.map((r) => [r.id, r]));
}

/** Moves `reserved` by a signed delta per product (rows already locked), `inStock` with it. */
async function moveReserved(tx: Tx, deltas: StockLines) {
  const ids = [...deltas.keys()].filter((id) => deltas.get(id) !== 0);
  if (!ids.length) return;
  await tx.$executeRaw`
    WITH d AS (
      SELECT * FROM unnest(${ids}::int[], ${ids.map((id) => deltas.get(id)!)}::int[]) AS d("id", "delta")
    )
    UPDATE "Product" p
    SET "reserved" = p."reserved" + d."delta", "inStock" = p."stock" - p."reserved" - d."delta" > 0
    FROM d WHERE p."id" = d."id"`;
}

/**
 * Who stock is held for: a standing order's next occurrence (docs/restaurants.md, "Reserved
 * stock") or a farm share member's published box (docs/shares.md). Each holder's rows move one at
 * a time: callers hold the standing order's or the membership's row lock.
 */
export type Holder = { standingOrderId: number } | { shareMembershipId: number };

const holderWhere = (h: Holder) =>
  "standingOrderId" in h
    ? { standingOrderId: h.standingOrderId }
    : { shareMembershipId: h.shareMembershipId };

/**
 * Holds stock for a holder's next occurrence: `wanted` units per product, of which it holds what
 * is free (its own earlier hold counted), in whole cases; products left out of `wanted` are given
 * back. The hold moves to `localDate` at once. Returns what is held per product now and before.
 * An empty `wanted` releases the whole hold.
 */
export async function holdForOccurrence(
  tx: Tx,
  holder: Holder,
  localDate: string,
  wanted: StockLines,
): Promise<{ held: StockLines; before: StockLines }> {
  const where = holderWhere(holder);
  const before = await tx.stockReservation.findMany({ where });
  const shelf = await lockShelf(tx, [...before.map((r) => r.productId), ...wanted.keys()]);
  // Read again under the products' locks: a farmer's count may have cut this hold meanwhile
  // (countStock changes quantities only; new rows come from this holder's own lock holder).
  const current = await tx.stockReservation.findMany({ where });
  const own = new Map(current.map((r) => [r.productId, r.quantity]));
  const held: StockLines = new Map();
  const deltas: StockLines = new Map();
  for (const [id, p] of shelf) {
    const want = wanted.get(id) ?? 0;
    const mine = own.get(id) ?? 0;
    const hold = p.isHidden
      ? 0
      : wholeCases(Math.min(want, p.stock - p.reserved + mine), p.caseSize);
    deltas.set(id, hold - mine);
    if (want > 0) held.set(id, hold);
  }
  await moveReserved(tx, deltas);
  await tx.stockReservation.deleteMany({
    where: { ...where, productId: { notIn: [...held.keys()] } },
  });
  const mineById = new Map(current.map((r) => [r.productId, r.id]));
  for (const [productId, quantity] of held) {
    const data = { localDate, wanted: wanted.get(productId)!, quantity };
    const id = mineById.get(productId);
    if (id === undefined)
      await tx.stockReservation.create({ data: { ...where, productId, ...data } });
    else await tx.stockReservation.update({ where: { id }, data });
  }
  return { held, before: own };
}

/** Gives a holder's whole hold back to the shelf; returns what it held per product. */
export async function releaseHold(tx: Tx, holder: Holder): Promise<StockLines> {
  return (await holdForOccurrence(tx, holder, "", new Map())).before;
}

/**
 * What a standing order's occurrence can take now, per product: up to `wanted`, within what is
 * free, in whole cases. Call after releaseHold in the placing transaction: the rows stay locked,
 * so the checkout that follows takes exactly these units.
 */
export async function takeable(tx: Tx, wanted: StockLines): Promise<StockLines> {
  const shelf = await lockShelf(tx, [...wanted.keys()]);
  return new Map(
    [...wanted].map(([id, want]) => {
      const p = shelf.get(id);
      const free = p && !p.isHidden ? p.stock - p.reserved : 0;
      return [id, wholeCases(Math.min(want, free), p?.caseSize ?? 1)];
    }),
  );
}

/**
 * A farmer's new count of one of their products (null when it is not theirs). Below what is held,
 * the holds are cut to fit: standing orders keep their units before farm share boxes, and among
 * each the oldest first, in whole cases (so the newest memberships are short-picked first); the
 * occurrences cut are placed short later, with a card (docs/restaurants.md, docs/shares.md).
 */
export async function countStock(
  tx: Tx,
  productId: number,
  farmId: number,
  count: number,
): Promise<{ cut: Holder[] } | null> {
  const [p] = await tx.$queryRaw<Shelf[]>`
    SELECT p."id", p."stock", p."reserved", p."caseSize", p."isHidden" FROM "Product" p
    WHERE p."id" = ${productId} AND p."farmId" = ${farmId} FOR NO KEY UPDATE`;
  if (!p) return null;
  const cut: Holder[] = [];
  let reserved = p.reserved;
  if (count < p.reserved) {
    const holds = await tx.stockReservation.findMany({
      where: { productId },
      orderBy: [{ standingOrderId: { sort: "asc", nulls: "last" } }, { shareMembershipId: "asc" }],
    });
    let left = count;
    reserved = 0;
    for (const h of holds) {
      const keep = wholeCases(Math.min(h.quantity, left), p.caseSize);
      left -= keep;
      reserved += keep;
      if (keep === h.quantity) continue;
      cut.push(
        h.standingOrderId !== null
          ? { standingOrderId: h.standingOrderId }
          : { shareMembershipId: h.shareMembershipId! },
      );
      await tx.stockReservation.update({ where: { id: h.id }, data: { quantity: keep } });
    }
  }
  await tx.$executeRaw`
    UPDATE "Product" SET "stock" = ${count}, "reserved" = ${reserved},
      "inStock" = ${count - reserved > 0}, "updatedAt" = now()
    WHERE "id" = ${productId}`;
  return { cut };
}

/**
 * The farmer's − / + on a product's count: the newest count (a checkout meanwhile is kept, the row
 * is locked) moved by `delta`, never below 0, through `countStock`, so a count below what standing
 * orders hold cuts their holds as any other count does. Answers the new count, or null when the
 * product is not the farm's or the count would go below 0.
 */
export async function stepStock(
  tx: Tx,
  farmId: number,
  productId: number,
  delta: number,
): Promise<number | null> {
  const [p] = await tx.$queryRaw<{ stock: number }[]>`
    SELECT "stock" FROM "Product" WHERE "id" = ${productId} AND "farmId" = ${farmId}
    FOR NO KEY UPDATE`;
  if (!p || p.stock + delta < 0) return null;
  await countStock(tx, productId, farmId, p.stock + delta);
  return p.stock + delta;
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
