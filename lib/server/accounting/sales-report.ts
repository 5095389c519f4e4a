import "server-only";
import { readRows } from "@/lib/server/platform/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { localDateOf, startOfLocalDay } from "@/lib/server/tz-zone";
import { centsToDollars, dollarsToCents } from "@/lib/money";
import { csvAmount, toCsv } from "@/lib/server/platform/csv";
import { taxesOf, taxTotal, type TaxClassName } from "@/lib/tax";
import type { SessionUser } from "@/lib/server/auth/session";
import type { ReportPeriodInput, SalesReportQuery } from "@/lib/validators/farm";
import { SALES_CHANNELS, type SalesChannel, type SalesReportJson } from "@/lib/contracts/farm";
import { ownFarmFound, ownFarmSql, type OwnFarm } from "@/lib/server/farm/access";
import { figuresOfBooked, type Figures } from "./figures";

/*
 * My Farm → Reports (docs/money.md, "Reports"): what a farm sold in a period. The basis is the tax
 * report's: orders completed in the period's days (farm time), as they stand now (edits,
 * adjustments and refunds included), so the sales here always equal the tax report's sales.
 */

/** How many buyers the top customers list names. */
export const TOP_CUSTOMERS = 10;

const DAY_MS = 86_400_000;
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The period's days in the farm's zone as instants: [start, end). */
export function periodBounds(q: ReportPeriodInput, timeZone: string) {
  return {
    start: startOfLocalDay(q.from, timeZone),
    end: startOfLocalDay(nextDay(q.to), timeZone),
  };
}

type CompletedOrderRow = {
  id: number;
  totalCents: number;
  taxes: unknown;
  taxRates: unknown;
  payment: "wallet" | "account";
  completedAt: Date;
  createdAt: Date;
  dueDate: string | null;
  standing: boolean;
  /** The commission the farm ledger booked on the order (lib/server/accounting/figures.ts). */
  commissionCents: number;
  userId: number;
  fullName: string;
  userType: string;
  items: {
    productId: number;
    productName: string;
    quantity: number;
    priceCents: number;
    taxClass: TaxClassName;
  }[];
};

/**
 * What the reports read of a completed order `o`: buyer, statement, standing flag, booked
 * commission and lines joined in the one statement. Prisma's relation read and the lookups after
 * it were most of the sales report's own CPU (docs/architecture.md, "Where the time goes").
 */
const ORDER_COLUMNS = Prisma.sql`o.id, o."totalCents", o.taxes, o."taxRates", o.payment::text AS payment, o."completedAt", o."createdAt",
      st."dueDate", EXISTS (SELECT 1 FROM "StandingOrderOccurrence" so WHERE so."orderId" = o.id) AS standing,
      (SELECT coalesce(-sum(e."amountCents"), 0)::int FROM "FarmLedgerEntry" e
        WHERE e."orderId" = o.id AND e.type = 'commission'::"FarmLedgerType") AS "commissionCents",
      u.id AS "userId", u."fullName", u."userType"::text AS "userType",
      (SELECT coalesce(json_agg(json_build_object('productId', i."productId", 'productName', i."productName",
          'quantity', i.quantity, 'priceCents', i."priceCents", 'taxClass', i."taxClass") ORDER BY i.id), '[]'::json)
        FROM "OrderItem" i WHERE i."orderId" = o.id) AS items
    FROM "Order" o
    JOIN "User" u ON u.id = o."userId"
    LEFT JOIN "Statement" st ON st.id = o."statementId"`;

/** The farm's completed orders of a period, oldest first, with what the reports and exports read. */
export async function completedOrders(
  farm: Pick<OwnFarm, "id" | "timeZone">,
  q: ReportPeriodInput,
) {
  const { start, end } = periodBounds(q, farm.timeZone);
  const rows = await readRows<CompletedOrderRow>(Prisma.sql`
    SELECT ${ORDER_COLUMNS}
    WHERE o."farmId" = ${farm.id} AND o.status = 'completed'::"OrderStatus"
      AND o."completedAt" >= ${start} AND o."completedAt" < ${end}
    ORDER BY o."completedAt", o.id`);
  return periodOf(farm.timeZone, rows);
}

/**
 * `completedOrders` of the signed-in farmer's own farm, read with the farm in one statement (the
 * sales report's round trip). The zone is known only with the farm, so the statement takes the
 * period's UTC days widened by a day each side (no zone is a day off UTC) and the exact bounds
 * are applied here.
 */
export async function ownCompletedOrders(user: SessionUser, q: ReportPeriodInput) {
  // One row with null order columns when the farm has no orders in the window.
  type Row = { timeZone: string } & {
    [K in keyof CompletedOrderRow]: CompletedOrderRow[K] | null;
  };
  const rows = await readRows<Row>(Prisma.sql`
    SELECT f."timeZone", o.* FROM (${ownFarmSql(user)}) f
    LEFT JOIN LATERAL (SELECT ${ORDER_COLUMNS}
      WHERE o."farmId" = f.id AND o.status = 'completed'::"OrderStatus"
        AND o."completedAt" >= ${new Date(Date.parse(`${q.from}T00:00:00Z`) - DAY_MS)}
        AND o."completedAt" < ${new Date(Date.parse(`${q.to}T00:00:00Z`) + 2 * DAY_MS)}) o ON true
    ORDER BY o."completedAt", o.id`);
  const { timeZone } = ownFarmFound(rows[0]);
  const { start, end } = periodBounds(q, timeZone);
  return periodOf(
    timeZone,
    rows.filter(
      (r): r is Row & CompletedOrderRow =>
        r.completedAt !== null && r.completedAt >= start && r.completedAt < end,
    ),
  );
}

/** The orders of a period as the reports read them: money split, farm day and sales channel. */
function periodOf(timeZone: string, rows: CompletedOrderRow[]) {
  const orders = rows.map(({ dueDate, userId, fullName, userType, standing, ...o }) => ({
    ...o,
    statement: dueDate === null ? null : { dueDate },
    user: { id: userId, fullName, userType },
    standing,
  }));
  return {
    timeZone,
    orders: orders.map((o) => {
      const goodsCents = o.items.reduce((s, i) => s + i.priceCents * i.quantity, 0);
      const taxCents = taxTotal(taxesOf(o.taxes));
      const channel: SalesChannel = o.standing
        ? "standing"
        : o.payment === "account"
          ? "account"
          : o.user.userType === "restaurant"
            ? "restaurants"
            : "shoppers";
      return {
        ...o,
        day: localDateOf(o.completedAt, timeZone),
        goodsCents,
        taxCents,
        feeCents: o.totalCents - taxCents - goodsCents,
        salesCents: o.totalCents - taxCents,
        channel,
      };
    }),
  };
}

/** The Monday (YYYY-MM-DD) of the week a day belongs to. */
function mondayOf(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  return at.toISOString().slice(0, 10);
}

/** Every week the period touches, by its Monday, oldest first. */
function weeksOf(q: ReportPeriodInput): string[] {
  const weeks: string[] = [];
  for (let monday = Date.parse(`${mondayOf(q.from)}T00:00:00Z`); ; monday += 7 * DAY_MS) {
    const week = new Date(monday).toISOString().slice(0, 10);
    if (week > q.to) return weeks;
    weeks.push(week);
  }
}

type Tally = { orders: number; cents: number };
const add = (f: Tally, cents: number) => {
  f.orders += 1;
  f.cents += cents;
};

/** GET /api/my-farm/reports/sales (JSON): every table of the period. */
export async function salesReport(
  user: SessionUser,
  q: ReportPeriodInput,
): Promise<SalesReportJson> {
  const period = await ownCompletedOrders(user, q);
  return salesReportOf(q, period, figuresOfBooked(period.orders));
}

function salesReportOf(
  q: ReportPeriodInput,
  { orders, timeZone }: ReturnType<typeof periodOf>,
  figures: Figures,
): SalesReportJson {
  const weeks = weeksOf(q);
  const byWeek = new Map(weeks.map((w) => [w, { orders: 0, cents: 0 }]));
  const byChannel = new Map(SALES_CHANNELS.map((c) => [c, { orders: 0, cents: 0 }]));
  const byBuyer = new Map<number, Tally & { fullName: string; restaurant: boolean; id: number }>();
  const byProduct = new Map<
    number,
    { name: string; quantity: number; cents: number; weeks: Map<string, Tally> }
  >();
  let goods = 0;
  let fees = 0;
  let sales = 0;
  let taxes = 0;
  for (const o of orders) {
    const week = mondayOf(o.day);
    goods += o.goodsCents;
    fees += o.feeCents;
    sales += o.salesCents;
    taxes += o.taxCents;
    add(byWeek.get(week)!, o.salesCents);
    add(byChannel.get(o.channel)!, o.salesCents);
    const buyer = byBuyer.get(o.user.id) ?? {
      id: o.user.id,
      fullName: o.user.fullName,
      restaurant: o.user.userType === "restaurant",
      orders: 0,
      cents: 0,
    };
    add(buyer, o.salesCents);
    byBuyer.set(o.user.id, buyer);
    for (const item of o.items) {
      const p = byProduct.get(item.productId) ?? {
        name: item.productName,
        quantity: 0,
        cents: 0,
        weeks: new Map(weeks.map((w) => [w, { orders: 0, cents: 0 }])),
      };
      p.name = item.productName;
      p.quantity += item.quantity;
      p.cents += item.priceCents * item.quantity;
      const cell = p.weeks.get(week)!;
      cell.orders += item.quantity;
      cell.cents += item.priceCents * item.quantity;
      byProduct.set(item.productId, p);
    }
  }
  return {
    from: q.from,
    to: q.to,
    timeZone,
    orders: orders.length,
    goods: centsToDollars(goods),
    fees: centsToDollars(fees),
    sales: centsToDollars(sales),
    taxes: centsToDollars(taxes),
    total: centsToDollars(sales + taxes),
    commission: centsToDollars(figures.commissionCents),
    net: centsToDollars(figures.netCents),
    weeks: weeks.map((week) => {
      const f = byWeek.get(week)!;
      return { week, orders: f.orders, sales: centsToDollars(f.cents) };
    }),
    products: [...byProduct]
      .sort(([ida, a], [idb, b]) => b.cents - a.cents || a.name.localeCompare(b.name) || ida - idb)
      .map(([productId, p]) => ({
        productId,
        name: p.name,
        quantity: p.quantity,
        goods: centsToDollars(p.cents),
        weeks: weeks.map((week) => {
          const cell = p.weeks.get(week)!;
          return { week, quantity: cell.orders, goods: centsToDollars(cell.cents) };
        }),
      })),
    channels: SALES_CHANNELS.map((channel) => {
      const f = byChannel.get(channel)!;
      return { channel, orders: f.orders, sales: centsToDollars(f.cents) };
    }),
    topCustomers: [...byBuyer.values()]
      .sort((a, b) => b.cents - a.cents || a.fullName.localeCompare(b.fullName) || a.id - b.id)
      .slice(0, TOP_CUSTOMERS)
      .map((b) => ({
        buyer: { id: b.id, fullName: b.fullName },
        restaurant: b.restaurant,
        orders: b.orders,
        sales: centsToDollars(b.cents),
      })),
  };
}

export const CHANNEL_LABELS: Record<SalesChannel, string> = {
  shoppers: "Shoppers",
  restaurants: "Restaurants",
  standing: "Standing orders",
  account: "On account",
};

const money = (dollars: number) => csvAmount(dollarsToCents(dollars));

/** The sales report's table `group` names as CSV (one header row, dollars with 2 decimals). */
export function salesReportCsv(report: SalesReportJson, group: SalesReportQuery["group"]) {
  const filename = `fieldfare-sales-${group}-${report.from}-to-${report.to}.csv`;
  if (group === "week") {
    return {
      filename,
      csv: toCsv(
        ["week", "orders", "sales"],
        report.weeks.map((w) => [w.week, w.orders, money(w.sales)]),
      ),
    };
  }
  if (group === "channel") {
    return {
      filename,
      csv: toCsv(
        ["channel", "orders", "sales"],
        report.channels.map((c) => [CHANNEL_LABELS[c.channel], c.orders, money(c.sales)]),
      ),
    };
  }
  return {
    filename,
    csv: toCsv(
      ["productId", "product", "week", "quantity", "goods"],
      report.products.flatMap((p) =>
        p.weeks
          .filter((w) => w.quantity !== 0 || w.goods !== 0)
          .map((w) => [p.productId, p.name, w.week, w.quantity, money(w.goods)]),
      ),
    ),
  };
}
