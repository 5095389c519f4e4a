import { DateTime } from "luxon";
import { zoneOf } from "@/lib/server/tz-zone";
import { RESTAURANTS } from "@/prisma/seed-data/catalog";
import { dueDateOf, periodLabel, periodOf } from "@/lib/server/credit/credit";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import { createHandedOverOrder, handedOverHistory } from "./handed-over";
import type { SeedContext, Tx } from "./types";

/**
 * Bench Bistro buys on account at Glenmore Valley Greens (docs/restaurants.md, "Pay on account"):
 * a credit line, and the statement of two months ago with two orders on account, handed over and
 * not paid, so past its due date whatever the day: a newcomer sees the overdue notice, Invoices,
 * Pay from wallet and My Farm → Customers right after npm start.
 * Its standing order there is placed on account from then on. And last week's order there, paid
 * from its wallet before the credit line came and handed over: a chef's "Order again" from
 * Orders → Completed, which checkout then puts on account. Left alone once the credit line exists.
 */
const ACCOUNT = {
  restaurant: RESTAURANTS[0].email,
  farm: "glenmore-valley-greens",
  limitCents: 150_000,
  orderDays: [6, 20],
  lines: 2,
  cases: 2,
};

export async function ensureAccount(ctx: SeedContext): Promise<void> {
  const { tx, userIds, farmIds, now, log } = ctx;
  const buyerId = userIds.get(ACCOUNT.restaurant)!;
  const farmId = farmIds.get(ACCOUNT.farm)!;
  if (await tx.creditLine.findUnique({ where: { farmId_buyerId: { farmId, buyerId } } })) return;
  await tx.creditLine.create({ data: { farmId, buyerId, limitCents: ACCOUNT.limitCents } });

  const farm = await tx.farm.findUniqueOrThrow({
    where: { id: farmId },
    select: { farmName: true, timeZone: true, distance: true },
  });
  const month = DateTime.fromJSDate(now, { zone: zoneOf(farm.timeZone) }).minus({ months: 2 });
  const period = periodOf(month.toJSDate(), farm.timeZone);
  const products = await tx.product.findMany({
    where: { farmId, isHidden: false },
    orderBy: { id: "asc" },
    take: ACCOUNT.lines,
  });
  const statement = await tx.statement.create({
    data: { farmId, buyerId, period, dueDate: dueDateOf(period) },
  });

  for (const [n, day] of ACCOUNT.orderDays.entries()) {
    const placedAt = month.set({ day, hour: 9, minute: 30, second: 0, millisecond: 0 }).toJSDate();
    const handedAt = new Date(placedAt.getTime() + 3 * 86_400_000);
    const items = linesOf(products);
    await tx.order.create({
      data: {
        userId: buyerId,
        farmId,
        status: "completed",
        payment: "account",
        isPaid: false,
        statementId: statement.id,
        totalCents: items.reduce((sum, i) => sum + i.priceCents * i.quantity, 0),
        itemCount: items.reduce((sum, i) => sum + i.quantity, 0),
        distanceKm: Math.round(farm.distance * 1.609344 * 10) / 10,
        checkoutRef: `CO-SEEDACCT${n + 1}`,
        items: { create: items },
        ...handedOverHistory(
          placedAt,
          handedAt,
          `On account: ${farm.farmName} statement for ${periodLabel(period)}`,
        ),
      },
    });
  }
  await lastWeeksOrder(tx, buyerId, farmId, farm, products, now);
  log(
    `pay on account: ${RESTAURANTS[0].company.companyName} has credit at ${farm.farmName} and a ${periodLabel(period)} statement with ${ACCOUNT.orderDays.length} orders`,
  );
}

type SeedProduct = {
  id: number;
  name: string;
  caseSize: number;
  priceCents: number;
  restaurantPriceCents: number | null;
  taxClass: "zero" | "standard" | "liquor";
};

/** The seeded orders' lines: ACCOUNT.cases whole cases of each product at its restaurant price. */
const linesOf = (products: SeedProduct[]) =>
  products.map((p) => ({
    productId: p.id,
    productName: p.name,
    quantity: ACCOUNT.cases * p.caseSize,
    priceCents: p.restaurantPriceCents ?? p.priceCents,
    taxClass: p.taxClass,
  }));

/**
 * Last week's order of the restaurant at the farm, in whole cases, paid from its wallet (the
 * standing order's seed gave it one) and handed over: its ledger row as a checkout writes it.
 */
async function lastWeeksOrder(
  tx: Tx,
  buyerId: number,
  farmId: number,
  farm: { farmName: string; distance: number },
  products: SeedProduct[],
  now: Date,
): Promise<void> {
  const placedAt = new Date(now.getTime() - 7 * 86_400_000);
  const handedAt = new Date(placedAt.getTime() + 2 * 86_400_000);
  const order = await createHandedOverOrder(tx, {
    userId: buyerId,
    farmId,
    items: linesOf(products),
    placedAt,
    handedAt,
    checkoutRef: "CO-SEEDLASTWEEK",
    distanceKm: Math.round(farm.distance * 1.609344 * 10) / 10,
  });
  const paid = await applyBalanceChange(tx, buyerId, -order.totalCents, {
    type: "order",
    description: `Order #${order.id} from ${farm.farmName}`,
    reference: `ORDER-${order.id}`,
  });
  if (!paid) throw new Error("seed: last week's order would overdraw the restaurant's wallet");
  // Dated when it was paid, as the checkout would have dated it.
  await tx.transaction.updateMany({
    where: { userId: buyerId, reference: `ORDER-${order.id}` },
    data: { timestamp: placedAt },
  });
}
