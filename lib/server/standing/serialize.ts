import "server-only";
import { centsToDollars } from "@/lib/money";
import type { Tx } from "@/lib/server/platform/transaction";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { StandingOrderJson } from "@/lib/contracts/standing";
import { pricedLineSelect, unitPrice } from "@/lib/server/catalog/pricing";

/** One line of `StandingOrder.items`: the agreed unit price is what the buyer set it up at (docs/restaurants.md). */
export type StandingItem = { productId: number; quantity: number; priceCents: number };

export const standingInclude = {
  farm: { select: { farmName: true } },
  occurrences: { orderBy: { localDate: "desc" }, take: 5 },
} satisfies Prisma.StandingOrderInclude;

type Row = Prisma.StandingOrderGetPayload<{ include: typeof standingInclude }>;
type Reader = Pick<Tx, "product" | "pickupPoint" | "address">;

export const itemsOf = (row: { items: Prisma.JsonValue }) => row.items as StandingItem[];

/** Standing orders as the API answers them: products, pickup points and addresses read once for all rows. */
export async function serializeStandingOrders(
  client: Reader,
  rows: Row[],
): Promise<StandingOrderJson[]> {
  const productIds = [...new Set(rows.flatMap((r) => itemsOf(r).map((i) => i.productId)))];
  const pointIds = rows.flatMap((r) => (r.pickupPointId === null ? [] : [r.pickupPointId]));
  const addressIds = rows.flatMap((r) => (r.addressId === null ? [] : [r.addressId]));
  const [products, points, addresses] = await Promise.all([
    client.product.findMany({
      where: { id: { in: productIds } },
      select: pricedLineSelect,
    }),
    client.pickupPoint.findMany({
      where: { id: { in: pointIds } },
      select: { id: true, name: true },
    }),
    client.address.findMany({
      where: { id: { in: addressIds } },
      select: { id: true, label: true, line1: true },
    }),
  ]);
  const product = new Map(products.map((p) => [p.id, p]));
  const point = new Map(points.map((p) => [p.id, p.name]));
  const address = new Map(addresses.map((a) => [a.id, `${a.label} (${a.line1})`]));
  return rows.map((r) => {
    const live = r.status === "active";
    return {
      id: r.id,
      farmId: r.farmId,
      farmName: r.farm.farmName,
      items: itemsOf(r).map((i) => {
        const p = product.get(i.productId);
        // Standing orders are restaurants': the farm's price now is its restaurant price.
        return {
          productId: i.productId,
          productName: p?.name ?? "A product no longer sold",
          unit: p?.unit ?? "",
          caseSize: p?.caseSize ?? 1,
          quantity: i.quantity,
          price: centsToDollars(i.priceCents),
          currentPrice: centsToDollars(p ? unitPrice(p, "restaurant").cents : i.priceCents),
        };
      }),
      weekday: r.weekday,
      kind: r.kind,
      pickupPointId: r.pickupPointId,
      addressId: r.addressId,
      place:
        (r.kind === "pickup"
          ? r.pickupPointId !== null && point.get(r.pickupPointId)
          : r.addressId !== null && address.get(r.addressId)) || "No longer available",
      everyWeeks: r.everyWeeks === 2 ? 2 : 1,
      status: r.status,
      nextDate: live ? r.nextDate : null,
      skipNextDate: live ? r.skipNextDate : null,
      placesAt: live ? r.nextDueAt.toISOString() : null,
      createdAt: r.createdAt.toISOString(),
      recent: r.occurrences.map((o) => ({
        localDate: o.localDate,
        status: o.status,
        orderId: o.orderId,
        reason: o.reason,
        createdAt: o.createdAt.toISOString(),
      })),
    };
  });
}

export async function serializeStandingOrder(client: Reader, row: Row): Promise<StandingOrderJson> {
  return (await serializeStandingOrders(client, [row]))[0];
}
