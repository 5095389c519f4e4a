import "server-only";
import crypto from "node:crypto";
import { isDbId } from "@/lib/validators/id";
import { buyerLevel, caseProblem, unitPrice } from "@/lib/server/catalog/pricing";
import { AppError, badRequest, forbidden, notFound } from "@/lib/server/errors";
import { periodLabel, statementFor, takeCredit } from "@/lib/server/account/credit";
import { withIdempotency, type Tx } from "@/lib/server/idempotency";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import { formatCents, serializeWallet } from "@/lib/server/wallet/serialize";
import { queueOrderPlaced } from "@/lib/server/notifications/outbox";
import { bookSlot, fulfilmentRecord, planFulfilment, type FulfilmentPlan } from "@/lib/server/fulfilment/booking";
import { holdingCap, type CheckoutInput } from "@/lib/validators/orders";
import { orderInclude, serializeOrder, type OrderJson } from "./serialize";

export type { CheckoutResult } from "@/lib/contracts/orders";
import type { CheckoutResult } from "@/lib/contracts/orders";

const KM_PER_MILE = 1.609344;

/** The same product twice in one cart is one line. Map keeps first-seen (cart) order. */
function mergeLines(items: CheckoutInput["items"]): Map<number, number> {
  const lines = new Map<number, number>();
  for (const { productId, quantity } of items) lines.set(productId, (lines.get(productId) ?? 0) + quantity);
  return lines;
}

/**
 * Takes `quantity` units or refuses with the reason. The conditional UPDATE is the stock check:
 * concurrent buyers of the last units queue on the row lock and the loser's WHERE no longer holds,
 * so stock can never go negative (a CHECK constraint backs this up).
 */
export async function reserveStock(tx: Tx, productId: number, quantity: number) {
  const rows = await tx.$queryRaw<{ stock: number }[]>`
    UPDATE "Product"
    SET "stock" = "stock" - ${quantity}, "inStock" = ("stock" - ${quantity} > 0), "updatedAt" = now()
    WHERE "id" = ${productId} AND NOT "isHidden" AND "inStock" AND "stock" >= ${quantity}
    RETURNING "stock"`;
  if (rows.length) return;
  const p = await tx.product.findUniqueOrThrow({ where: { id: productId } });
  if (p.isHidden) throw new AppError("out_of_stock", `${p.name} is no longer available`);
  if (!p.inStock || p.stock <= 0) throw new AppError("out_of_stock", `${p.name} is out of stock`);
  throw new AppError("out_of_stock", `Only ${p.stock} ${p.unit} of ${p.name} left in stock`);
}

/**
 * The hoarding cap (docs/product.md, "Stock and hoarding"): after this checkout's orders exist, the
 * buyer's open orders may hold at most `holdingCap(left in stock + held by them)` of each product.
 * Counted inside the checkout's transaction after the stock rows were updated, so two checkouts
 * of the same product queue on its row lock and the second one sees the first one's order.
 */
export async function enforceHoldingCap(tx: Tx, userId: number, lines: Map<number, number>, products: Map<number, { name: string; unit: string; farm: { farmName: string } }>) {
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
    const tail = before <= 0 ? `you asked for ${requested}` : cap > before ? `you already hold ${before}, so ${cap - before} more` : `you already hold ${before}`;
    throw new AppError("order_limit", `You can hold at most ${cap} ${p.unit} of ${p.name} in open orders (half of what ${p.farm.farmName} has); ${tail}`);
  }
}

/**
 * POST /api/orders (see docs/money.md): one order per farm, priced from the catalogue, stock taken and
 * the wallet debited in ONE database transaction — any refusal (unknown product, a slot that is
 * closed or full, out of stock, insufficient balance) rolls everything back. Each farm with
 * windows needs a slot (docs/fulfilment.md, "Checkout"); a delivery fee is part of its order's
 * total. `now` decides which cutoffs have passed (tests pass their own). With an Idempotency-Key a
 * retried or double-clicked checkout replays the first answer instead of paying twice.
 */
export function checkout(userId: number, input: CheckoutInput, idempotencyKey?: string, now = new Date()) {
  return withIdempotency<CheckoutResult>(userId, "orders.checkout", idempotencyKey, input, async (tx) => {
    const placed = await placeCheckout(tx, userId, input, now);
    // The buyer's receipt and each farm's new-order email, committed with the orders (docs/notifications.md).
    for (const o of placed.orders) await queueOrderPlaced(tx, { id: o.id, userId, farmId: o.farmId });
    return placed;
  });
}

/** The checkout inside a caller's transaction (the standing-order worker places occurrences with it). */
export async function placeCheckout(tx: Tx, userId: number, input: CheckoutInput, now: Date): Promise<CheckoutResult> {
  {
    const lines = mergeLines(input.items);
    const ids = [...lines.keys()];
    const products = await tx.product.findMany({
      // Out-of-range ids match nothing (and would make Prisma throw): they are reported missing below.
      where: { id: { in: ids.filter(isDbId) } },
      include: { farm: { select: { id: true, farmName: true, distance: true, timeZone: true } } },
    });
    const byId = new Map(products.map((p) => [p.id, p]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing !== undefined) throw notFound(`Product ${missing} was not found`);

    // Priced by the buyer's level, never by what the client sent (docs/restaurants.md).
    const level = await buyerLevel(tx, userId);
    const cases = caseProblem([...lines].map(([id, quantity]) => ({ product: byId.get(id)!, quantity })), level);
    if (cases) throw badRequest(cases, { items: cases });
    const priceOf = (p: (typeof products)[number]) => unitPrice(p, level).cents;

    const byFarm = new Map<number, { farm: (typeof products)[number]["farm"]; lines: { product: (typeof products)[number]; quantity: number }[]; goodsCents: number; plan: FulfilmentPlan | null }>();
    for (const [id, quantity] of lines) {
      const product = byId.get(id)!;
      const group = byFarm.get(product.farmId) ?? { farm: product.farm, lines: [], goodsCents: 0, plan: null };
      group.lines.push({ product, quantity });
      group.goodsCents += priceOf(product) * quantity;
      byFarm.set(product.farmId, group);
    }

    // The slot, place and fee of each farm order, checked before any row is touched. A choice for a
    // farm that is not in the cart is ignored (the cart changed after the slot was picked).
    for (const group of byFarm.values()) group.plan = await planFulfilment(tx, group.farm, group.goodsCents, input.fulfilment?.[String(group.farm.id)], now);

    // Wallet unless the buyer chose the account for that farm; only restaurants buy on account.
    const onAccount = (farmId: number) => input.payment?.[String(farmId)] === "account";
    if (level !== "restaurant" && [...byFarm.keys()].some(onAccount)) throw forbidden("Only restaurants can buy on account: pay from your wallet");

    // Ascending id order everywhere (checkout, edit and cancel) so two transactions never deadlock.
    for (const id of [...ids].sort((a, b) => a - b)) await reserveStock(tx, id, lines.get(id)!);

    // Places in slots after stock (the order cancel releases them in), ascending window id.
    const slotIds = new Map<number, number>();
    const booked = [...byFarm.values()].filter((g) => g.plan).sort((a, b) => a.plan!.windowId - b.plan!.windowId);
    for (const g of booked) slotIds.set(g.farm.id, await bookSlot(tx, g.plan!));

    // Credit lines after stock and slots, before the wallet, in ascending farm id (docs/restaurants.md).
    const statements = new Map<number, { id: number; period: string }>();
    for (const g of [...byFarm.values()].filter((g) => onAccount(g.farm.id)).sort((a, b) => a.farm.id - b.farm.id)) {
      await takeCredit(tx, userId, g.farm, g.goodsCents + (g.plan?.feeCents ?? 0));
      statements.set(g.farm.id, await statementFor(tx, g.farm.id, userId, g.farm.timeZone, now));
    }

    const grandTotal = [...byFarm.values()].filter((g) => !onAccount(g.farm.id)).reduce((sum, g) => sum + g.goodsCents + (g.plan?.feeCents ?? 0), 0);
    let wallet = await ensureWallet(tx, userId);
    const checkoutRef = `CO-${crypto.randomBytes(6).toString("hex").toUpperCase()}`;
    const orders: OrderJson[] = [];
    let debited = 0;

    for (const { farm, lines: farmLines, goodsCents, plan } of byFarm.values()) {
      const totalCents = goodsCents + (plan?.feeCents ?? 0);
      const statement = statements.get(farm.id);
      const order = await tx.order.create({
        data: {
          userId,
          farmId: farm.id,
          status: "active",
          // On account: not paid until its statement is (docs/money.md).
          isPaid: !statement,
          payment: statement ? "account" : "wallet",
          statementId: statement?.id ?? null,
          totalCents,
          itemCount: farmLines.reduce((sum, l) => sum + l.quantity, 0),
          distanceKm: Math.round(farm.distance * KM_PER_MILE * 10) / 10,
          checkoutRef,
          items: {
            create: farmLines.map((l) => ({
              productId: l.product.id,
              productName: l.product.name,
              quantity: l.quantity,
              priceCents: priceOf(l.product),
            })),
          },
          events: { create: [{ status: "active", note: statement ? `On account: ${farm.farmName} statement for ${periodLabel(statement.period)}` : "Paid from wallet" }] },
          ...(plan ? { fulfilment: { create: fulfilmentRecord(plan, slotIds.get(farm.id)!) } } : {}),
        },
        include: orderInclude,
      });
      if (statement) {
        orders.push(serializeOrder(order));
        continue;
      }
      // One ledger row per order (reference = the order), so a later refund mirrors exactly one debit.
      const paid = await applyBalanceChange(tx, userId, -totalCents, {
        type: "order",
        description: `Order #${order.id} from ${farm.farmName}`,
        reference: `ORDER-${order.id}`,
      });
      if (!paid) {
        const current = await tx.wallet.findUniqueOrThrow({ where: { userId } });
        throw new AppError(
          "insufficient_funds",
          `Insufficient balance: this checkout costs ${formatCents(grandTotal)} but your wallet holds ${formatCents(current.balanceCents + debited)}. Top up your wallet and try again.`,
        );
      }
      debited += totalCents;
      wallet = paid.wallet;
      orders.push(serializeOrder(order));
    }

    // Last, so an unaffordable or out-of-stock cart is refused for that reason first.
    await enforceHoldingCap(tx, userId, lines, byId);
    return { orders, wallet: serializeWallet(wallet) };
  }
}
