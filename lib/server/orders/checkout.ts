import "server-only";
import crypto from "node:crypto";
import { isDbId } from "@/lib/validators/id";
import { caseProblem, levelOf, unitPrice, type PriceLevel } from "@/lib/server/catalog/pricing";
import { AppError, badRequest, forbidden, notFound } from "@/lib/server/platform/errors";
import { periodLabel, statementFor, takeCredit } from "@/lib/server/credit/credit";
import { withIdempotency } from "@/lib/server/platform/idempotency";
import * as clock from "@/lib/server/platform/clock";
import { type Tx } from "@/lib/server/platform/transaction";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { applyLedgerEntries } from "@/lib/server/wallet/ledger";
import { formatCents, serializeWallet } from "@/lib/server/wallet/serialize";
import { Prisma, type Wallet } from "@/lib/generated/prisma/client";
import {
  bookSlot,
  fulfilmentRecord,
  loadFulfilmentSettings,
  deliveryAddresses,
  planFulfilment,
  type FulfilmentPlan,
} from "@/lib/server/fulfilment/booking";
import { enforceHoldingCap, reserve } from "@/lib/server/stock/stock";
import { enqueueSql, pushRowKind } from "@/lib/server/notifications/outbox";
import { pushWantedSql } from "@/lib/server/notifications/push-subscriptions";
import { MAX_CHECKOUT_CENTS, MAX_QUANTITY, type CheckoutInput } from "@/lib/validators/orders";
import { askBeforeRepeat } from "./repeat-orders";
import { serializeOrder } from "./serialize";
import { farmTaxRates } from "@/lib/server/tax/rates";
import {
  computeTaxes,
  taxTotal,
  type TaxAmount,
  type TaxClassName,
  type TaxRateRow,
} from "@/lib/tax";

import type { CheckoutResult } from "@/lib/contracts/orders";

const KM_PER_MILE = 1.609344;

/**
 * The same product twice in one cart is one line, held to the per-line cap once merged (400).
 * Map keeps first-seen (cart) order.
 */
function mergeLines(items: CheckoutInput["items"]): Map<number, number> {
  const lines = new Map<number, number>();
  for (const { productId, quantity } of items) {
    const merged = (lines.get(productId) ?? 0) + quantity;
    if (merged > MAX_QUANTITY) {
      const message = `You can order at most ${MAX_QUANTITY} of one product; product ${productId} adds up to ${merged}`;
      throw badRequest(message, { items: message });
    }
    lines.set(productId, merged);
  }
  return lines;
}

/**
 * POST /api/orders (see docs/money.md): one order per farm, priced from the catalogue, stock taken and
 * the wallet debited in ONE database transaction — any refusal (unknown product, a slot that is
 * closed or full, out of stock, insufficient balance) rolls everything back. Each farm with
 * windows needs a slot (docs/fulfilment.md, "Checkout"); a delivery fee is part of its order's
 * total. `now` decides which cutoffs have passed (tests pass their own). With an Idempotency-Key a
 * retried or double-clicked checkout replays the first answer instead of paying twice.
 */
export async function checkout(
  userId: number,
  input: CheckoutInput,
  idempotencyKey?: string,
  now?: Date,
) {
  const at = now ?? (await clock.now());
  return withIdempotency<CheckoutResult>(userId, "orders.checkout", idempotencyKey, input, (tx) =>
    placeCheckout(tx, userId, input, at, { receipt: true, askBeforeRepeat: true }),
  );
}

type OrderRow = Parameters<typeof serializeOrder>[0];

/** A cart line's product as checkout reads it: what prices it and names it, and its farm. */
type CartProduct = {
  id: number;
  farmId: number;
  name: string;
  unit: string;
  priceCents: number;
  restaurantPriceCents: number | null;
  caseSize: number;
  taxClass: TaxClassName;
  farm: { id: number; farmName: string; distance: number; timeZone: string; userId: number };
  /** Ops paused the farm's listings (docs/operations.md, "Farms"): checkout refuses the product. */
  paused: boolean;
};

/**
 * The cart's products with their farms, and the buyer's type (priced by it, never by what the
 * client sent: docs/restaurants.md), in one statement. The type is read here, inside the order's
 * transaction: the session's copy could be a moment old.
 */
async function readCart(
  tx: Tx,
  userId: number,
  ids: number[],
): Promise<{ products: CartProduct[]; level: PriceLevel; buyer: { userType: string } }> {
  const rows = await tx.$queryRaw<
    (Omit<CartProduct, "farm"> & {
      farmName: string;
      distance: number;
      timeZone: string;
      farmOwnerId: number;
      userType: string | null;
      listingsPaused: boolean;
    })[]
  >`
    SELECT p."id", p."farmId", p."name", p."unit", p."priceCents", p."restaurantPriceCents", p."caseSize", p."taxClass"::text AS "taxClass",
      f."farmName", f."distance", f."timeZone", f."userId" AS "farmOwnerId", u."userType"::text AS "userType",
      f."listingsPaused"
    FROM (SELECT ${userId}::int AS "id") me
    LEFT JOIN "User" u ON u."id" = me."id"
    LEFT JOIN "Product" p ON p."id" = ANY(${ids.filter(isDbId)}::int[])
    LEFT JOIN "Farm" f ON f."id" = p."farmId"`;
  if (rows[0]?.userType == null) throw notFound("Your account was not found");
  const products = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: r.id,
      farmId: r.farmId,
      name: r.name,
      unit: r.unit,
      priceCents: r.priceCents,
      restaurantPriceCents: r.restaurantPriceCents,
      caseSize: r.caseSize,
      taxClass: r.taxClass,
      farm: {
        id: r.farmId,
        farmName: r.farmName,
        distance: r.distance,
        timeZone: r.timeZone,
        userId: r.farmOwnerId,
      },
      paused: r.listingsPaused,
    }));
  const buyer = { userType: rows[0].userType };
  return { products, level: levelOf(buyer), buyer };
}

/** A farm's order in this checkout: its lines, goods total, handover, taxes and how it is paid. */
type FarmOrder = {
  farm: CartProduct["farm"];
  lines: { product: CartProduct; quantity: number }[];
  goodsCents: number;
  plan: FulfilmentPlan | null;
  onAccount: boolean;
  rates: TaxRateRow[];
  taxes: TaxAmount[];
};

/**
 * This checkout's own rows in ONE statement: an order per farm (cart order), its lines, "Paid from
 * wallet" for the orders the wallet pays, and the emails (docs/notifications.md, "Outbox"): the
 * buyer's receipt (`order_placed`, unless `receipt` is off) and the farm's new-order email
 * (`order_received`), each keyed `kind:orderId` so a retried transaction queues it once, and the
 * farm's push (`push:new_order`) when its owner wants one.
 * Times are the app's clock, as Prisma's own inserts write @default(now()).
 */
async function insertOrders(
  tx: Tx,
  userId: number,
  groups: FarmOrder[],
  prices: { totalOf: (g: FarmOrder) => number; priceOf: (p: CartProduct) => number },
  receipt: boolean,
  at: Date,
) {
  const checkoutRef = `CO-${crypto.randomBytes(6).toString("hex").toUpperCase()}`;
  const lines = groups.flatMap((g) => g.lines.map((l) => ({ farmId: g.farm.id, ...l })));
  const rows = await tx.$queryRaw<
    (Omit<OrderRow, "farm" | "user" | "items" | "fulfilment"> & { items: OrderRow["items"] })[]
  >`
    WITH g AS (
      SELECT * FROM unnest(
        ${groups.map((g) => g.farm.id)}::int[], ${groups.map((g) => (g.onAccount ? "account" : "wallet"))}::text[],
        ${groups.map(prices.totalOf)}::int[], ${groups.map((g) => g.lines.reduce((sum, l) => sum + l.quantity, 0))}::int[],
        ${groups.map((g) => Math.round(g.farm.distance * KM_PER_MILE * 10) / 10)}::float8[], ${groups.map((g) => g.farm.userId)}::int[],
        ${groups.map((g) => JSON.stringify(g.rates))}::text[], ${groups.map((g) => JSON.stringify(g.taxes))}::text[]
      ) WITH ORDINALITY AS g("farmId", "payment", "totalCents", "itemCount", "distanceKm", "farmOwnerId", "taxRates", "taxes", "n")
    ), o AS (
      INSERT INTO "Order" ("userId", "farmId", "status", "isPaid", "payment", "totalCents", "itemCount", "distanceKm", "checkoutRef", "taxRates", "taxes", "createdAt", "updatedAt")
      SELECT ${userId}, g."farmId", 'active', g."payment" = 'wallet', g."payment"::"PaymentMethod", g."totalCents", g."itemCount", g."distanceKm", ${checkoutRef}, g."taxRates"::jsonb, g."taxes"::jsonb, ${at}, ${at}
      FROM g ORDER BY g."n"
      RETURNING *
    ), i AS (
      INSERT INTO "OrderItem" ("orderId", "productId", "productName", "quantity", "priceCents", "taxClass")
      SELECT o."id", l."productId", l."productName", l."quantity", l."priceCents", l."taxClass"::"TaxClass"
      FROM unnest(${lines.map((l) => l.farmId)}::int[], ${lines.map((l) => l.product.id)}::int[], ${lines.map((l) => l.product.name)}::text[],
                  ${lines.map((l) => l.quantity)}::int[], ${lines.map((l) => prices.priceOf(l.product))}::int[], ${lines.map((l) => l.product.taxClass)}::text[]) WITH ORDINALITY AS l("farmId", "productId", "productName", "quantity", "priceCents", "taxClass", "n")
      JOIN o ON o."farmId" = l."farmId"
      ORDER BY l."n"
      RETURNING *
    ), e AS (
      INSERT INTO "OrderEvent" ("orderId", "status", "note", "createdAt")
      SELECT o."id", 'active', 'Paid from wallet', ${at} FROM o JOIN g ON g."farmId" = o."farmId" WHERE o."payment" = 'wallet' ORDER BY g."n"
    ), n AS (${enqueueSql(
      Prisma.sql`
        SELECT q."userId", q."kind", jsonb_build_object('orderId', o."id") AS "payload", q."kind" || ':' || o."id" AS "dedupeKey"
        FROM o JOIN g ON g."farmId" = o."farmId"
        CROSS JOIN LATERAL (VALUES (1, ${userId}::int, 'order_placed'), (2, g."farmOwnerId", 'order_received'), (3, g."farmOwnerId", ${pushRowKind("new_order")})) AS q("k", "userId", "kind")
        WHERE (q."kind" <> 'order_placed' OR ${receipt}::boolean)
          AND (q."kind" <> ${pushRowKind("new_order")} OR ${pushWantedSql(Prisma.sql`g."farmOwnerId"`, "new_order")})
        ORDER BY g."n", q."k"`,
      at,
    )})
    SELECT o."id", o."farmId", o."status"::text AS "status", o."totalCents", o."isPaid", o."payment"::text AS "payment", o."statementId",
      o."itemCount", o."distanceKm", o."checkoutRef", o."taxes", o."createdAt", o."completedAt", o."cancelledAt",
      (SELECT json_agg(json_build_object('id', i."id", 'productId', i."productId", 'productName', i."productName", 'quantity', i."quantity", 'priceCents', i."priceCents",
          'product', json_build_object('unit', p."unit", 'caseSize', p."caseSize")) ORDER BY i."id")
        FROM i JOIN "Product" p ON p."id" = i."productId" WHERE i."orderId" = o."id") AS "items"
    FROM o`;
  return new Map(rows.map((o) => [o.farmId, o]));
}

/**
 * The checkout inside a caller's transaction (the standing-order worker places occurrences with
 * it; `receipt: false` there, as it sends its own "placed" email, and `agreedCents`, the unit
 * price per product its buyer agreed to, so no line costs more). Also queues the buyer's receipt
 * and each farm's new-order email, committed with the orders (docs/notifications.md).
 *
 * Order of work (docs/money.md, "Checkout"): first everything that reads or writes only rows of
 * this checkout's own (prices, windows, the orders with their lines and events, the emails), then
 * the rows other checkouts share, each kind in one statement where it can be and in the order every
 * money path takes them: stock, slots, credit lines, the wallet; last the hoarding cap. So those
 * shared rows stay locked for a few statements, not for the whole checkout.
 */
export async function placeCheckout(
  tx: Tx,
  userId: number,
  input: CheckoutInput,
  now: Date,
  options: {
    receipt: boolean;
    agreedCents?: ReadonlyMap<number, number>;
    /** A person's checkout asks before a repeat order; a standing order's occurrence is meant. */
    askBeforeRepeat?: boolean;
    /**
     * A farm share's box (docs/shares.md): each line's unit price, the box price spread over its
     * lines. The farm chose the contents, so no case or hoarding rule applies to them.
     */
    boxUnitCents?: ReadonlyMap<number, number>;
  } = { receipt: true },
): Promise<CheckoutResult> {
  const lines = mergeLines(input.items);
  const ids = [...lines.keys()];
  const { products, level, buyer } = await readCart(tx, userId, ids);
  const byId = new Map(products.map((p) => [p.id, p]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw notFound(`Product ${missing} was not found`);
  const paused = products.find((p) => p.paused);
  if (paused)
    throw new AppError(
      "out_of_stock",
      `${paused.farm.farmName} is not taking orders right now: remove ${paused.name} from your cart to check out`,
    );

  const box = options.boxUnitCents;
  const cases = box
    ? null
    : caseProblem(
        [...lines].map(([id, quantity]) => ({ product: byId.get(id)!, quantity })),
        level,
      );
  if (cases) throw badRequest(cases, { items: cases });
  // A standing order's agreed price caps what its occurrence is charged (docs/restaurants.md).
  const priceOf = (p: CartProduct) =>
    box?.get(p.id) ??
    Math.min(unitPrice(p, level).cents, options.agreedCents?.get(p.id) ?? Infinity);

  // Wallet unless the buyer chose the account for that farm; only restaurants buy on account.
  const onAccount = (farmId: number) => input.payment?.[String(farmId)] === "account";
  const byFarm = new Map<number, FarmOrder>();
  for (const [id, quantity] of lines) {
    const product = byId.get(id)!;
    const group = byFarm.get(product.farmId) ?? {
      farm: product.farm,
      lines: [],
      goodsCents: 0,
      plan: null,
      onAccount: onAccount(product.farmId),
      rates: [],
      taxes: [],
    };
    group.lines.push({ product, quantity });
    group.goodsCents += priceOf(product) * quantity;
    byFarm.set(product.farmId, group);
  }
  const groups = [...byFarm.values()];

  // The slot, place and fee of each farm order, checked before any row is touched. A choice for a
  // farm that is not in the cart is ignored (the cart changed after the slot was picked).
  const settings = await loadFulfilmentSettings(
    tx,
    groups.map((g) => g.farm.id),
  );
  // Delivery goes to an address from the buyer's own book, never to free text (issue #30).
  const book = await deliveryAddresses(tx, userId, Object.values(input.fulfilment ?? {}));
  for (const group of groups) {
    const choice = input.fulfilment?.[String(group.farm.id)];
    group.plan = planFulfilment(
      settings.get(group.farm.id)!,
      group.farm,
      group.goodsCents,
      choice,
      now,
      (choice?.addressId && book.get(choice.addressId)) || null,
    );
  }

  if (level !== "restaurant" && groups.some((g) => g.onAccount))
    throw forbidden("Only restaurants can buy on account: pay from your wallet");
  // Each farm charges the taxes it is registered for; the fee is taxed as its goods (lib/tax.ts).
  const rates = await farmTaxRates(
    tx,
    groups.map((g) => g.farm.id),
    now,
  );
  for (const g of groups) {
    g.rates = rates.get(g.farm.id) ?? [];
    g.taxes = computeTaxes(
      g.lines.map((l) => ({
        amountCents: priceOf(l.product) * l.quantity,
        taxClass: l.product.taxClass,
      })),
      g.plan?.feeCents ?? 0,
      g.rates,
    );
  }
  const totalOf = (g: FarmOrder) => g.goodsCents + (g.plan?.feeCents ?? 0) + taxTotal(g.taxes);
  const grandTotal = groups.reduce((sum, g) => sum + totalOf(g), 0);
  if (grandTotal > MAX_CHECKOUT_CENTS) {
    const message = `A checkout can cost at most ${formatCents(MAX_CHECKOUT_CENTS)}; this one costs ${formatCents(grandTotal)}`;
    throw badRequest(message, { items: message });
  }

  // This checkout's own rows. On account: not paid until its statement is (docs/money.md); the
  // statement and the event naming it come once the credit line is taken, below.
  const orderOf = await insertOrders(
    tx,
    userId,
    groups,
    { totalOf, priceOf },
    options.receipt,
    new Date(),
  );
  const paidByWallet = groups.filter((g) => !g.onAccount);

  // Shared rows from here on. Stock first, every line in one statement.
  await reserve(tx, lines);

  // Places in slots after stock (the order cancel releases them in), ascending window id.
  const fulfilments = new Map<number, NonNullable<OrderRow["fulfilment"]>>();
  for (const g of groups
    .filter((g) => g.plan)
    .sort((a, b) => a.plan!.windowId - b.plan!.windowId)) {
    const orderId = orderOf.get(g.farm.id)!.id;
    const slotId = await bookSlot(tx, g.plan!);
    fulfilments.set(
      orderId,
      await tx.orderFulfilment.create({
        data: { orderId, ...fulfilmentRecord(g.plan!, slotId) },
        include: { slot: { select: { windowId: true, localDate: true } } },
      }),
    );
  }

  // Credit lines after stock and slots, before the wallet, in ascending farm id (docs/restaurants.md).
  for (const g of groups.filter((g) => g.onAccount).sort((a, b) => a.farm.id - b.farm.id)) {
    const order = orderOf.get(g.farm.id)!;
    await takeCredit(tx, userId, g.farm, totalOf(g));
    const statement = await statementFor(tx, g.farm.id, userId, g.farm.timeZone, now);
    await tx.order.update({ where: { id: order.id }, data: { statementId: statement.id } });
    await tx.orderEvent.create({
      data: {
        orderId: order.id,
        status: "active",
        note: `On account: ${g.farm.farmName} statement for ${periodLabel(statement.period)}`,
      },
    });
    order.statementId = statement.id;
  }

  // The wallet last: one ledger row per order (reference = the order), so a later refund mirrors
  // exactly one debit; the balance moves by their sum in the same statement.
  let wallet: Wallet;
  if (paidByWallet.length) {
    const paid = await applyLedgerEntries(
      tx,
      userId,
      paidByWallet.map((g) => {
        const orderId = orderOf.get(g.farm.id)!.id;
        return {
          deltaCents: -totalOf(g),
          type: "order" as const,
          description: `Order #${orderId} from ${g.farm.farmName}`,
          reference: `ORDER-${orderId}`,
        };
      }),
    );
    if (!paid) {
      const grandTotal = paidByWallet.reduce((sum, g) => sum + totalOf(g), 0);
      const current = await tx.wallet.findUnique({ where: { userId } });
      throw new AppError(
        "insufficient_funds",
        `Insufficient balance: this checkout costs ${formatCents(grandTotal)} but your wallet holds ${formatCents(current?.balanceCents ?? 0)}. Top up your wallet and try again.`,
      );
    }
    wallet = paid;
  } else {
    wallet = await ensureWallet(tx, userId);
  }

  // Last, so an unaffordable or out-of-stock cart is refused for that reason first.
  if (!box) await enforceHoldingCap(tx, userId, lines, byId);
  // Only a checkout that would go through asks whether it is meant (a sold-out or full slot says so first).
  if (options.askBeforeRepeat && !input.confirmRepeat)
    await askBeforeRepeat(
      tx,
      userId,
      groups.flatMap((g) => (g.plan ? [{ farmId: g.farm.id, ...g.plan }] : [])),
      [...orderOf.values()].map((o) => o.id),
    );

  const orders = groups.map((g) => {
    const order = orderOf.get(g.farm.id)!;
    const row: OrderRow = {
      ...order,
      farm: { id: g.farm.id, farmName: g.farm.farmName, userId: g.farm.userId },
      user: buyer,
      fulfilment: fulfilments.get(order.id) ?? null,
    };
    return serializeOrder(row);
  });
  return { orders, wallet: serializeWallet(wallet) };
}
