import "server-only";
import { db } from "@/lib/server/platform/db";
import { taxesOf, taxTotal } from "@/lib/tax";

/**
 * The figures of lib/figures.ts in integer cents, counted one way for every screen (docs/money.md,
 * "Figures"): orders handed over in [from, to), their sales before taxes, the commission the farm
 * ledger booked on them and the net. Reports, My Farm, Payouts and ops Today read these.
 */
export type Figures = {
  orders: number;
  salesCents: number;
  taxCents: number;
  commissionCents: number;
  netCents: number;
};

type HandedOver = { id: number; totalCents: number; taxes: unknown };

/** The commission booked for these orders: minus the sum of their ledger's commission rows. */
export async function bookedCommissionCents(orderIds: number[]): Promise<number> {
  if (!orderIds.length) return 0;
  const sum = await db.farmLedgerEntry.aggregate({
    where: { type: "commission", orderId: { in: orderIds } },
    _sum: { amountCents: true },
  });
  return -(sum._sum.amountCents ?? 0);
}

/** The figures of these handed-over orders. */
export async function figuresOf(orders: HandedOver[]): Promise<Figures> {
  return tally(orders, await bookedCommissionCents(orders.map((o) => o.id)));
}

/**
 * The figures of handed-over orders read with the commission each one's ledger booked (minus the
 * sum of its commission rows, as `bookedCommissionCents`), so no second read is needed.
 */
export function figuresOfBooked(orders: (HandedOver & { commissionCents: number })[]): Figures {
  return tally(
    orders,
    orders.reduce((sum, o) => sum + o.commissionCents, 0),
  );
}

function tally(orders: HandedOver[], commissionCents: number): Figures {
  let totalCents = 0;
  let taxCents = 0;
  for (const o of orders) {
    totalCents += o.totalCents;
    taxCents += taxTotal(taxesOf(o.taxes));
  }
  return {
    orders: orders.length,
    salesCents: totalCents - taxCents,
    taxCents,
    commissionCents,
    netCents: totalCents - commissionCents,
  };
}

/** The orders handed over in [from, to), of one farm or (no farm) of every farm. */
export const handedOverOrders = (from: Date, to: Date, farmId?: number) =>
  db.order.findMany({
    where: {
      ...(farmId === undefined ? {} : { farmId }),
      status: "completed",
      completedAt: { gte: from, lt: to },
    },
    select: { id: true, totalCents: true, taxes: true },
  });

/** The figures of [from, to): one farm's, or (no farm) the marketplace's. */
export async function figuresBetween(from: Date, to: Date, farmId?: number): Promise<Figures> {
  return figuresOf(await handedOverOrders(from, to, farmId));
}
