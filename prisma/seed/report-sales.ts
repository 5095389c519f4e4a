import crypto from "node:crypto";
import { RESTAURANTS } from "@/prisma/seed-data/catalog";
import { unitPrice } from "@/lib/server/catalog/pricing";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { createHandedOverOrder } from "./handed-over";
import type { SeedContext } from "./types";

const DAY = 86_400_000;
const REF = "SEED-SALES-";

/**
 * Weeks of restaurant sales at Sunny Slope Orchards (the demo farmer's farm) and Naramata Bench
 * Vineyards, handed over and paid from the wallet, so My Farm → Reports shows charts, channels,
 * top customers and GST/PST right after `npm start` (docs/money.md, "Reports"). Each order is taxed
 * as a checkout would be and paid by a ledger row of its buyer's wallet, after a top-up that covers
 * it. Run before the farm earnings (payouts.ts) record their sale and commission; Sunny Slope's
 * first sale stays the earliest, so the seeded paid payout is still its week. Left alone once any
 * of these orders exists.
 */
const SALES: { farm: string; buyer: number; daysAgo: number; lines: [number, number][] }[] = [
  // [product index in the farm's first visible products, cases]
  {
    farm: "sunny-slope-orchards",
    buyer: 1,
    daysAgo: 13.5,
    lines: [
      [0, 2],
      [1, 1],
    ],
  },
  {
    farm: "naramata-bench-vineyards",
    buyer: 2,
    daysAgo: 12.8,
    lines: [
      [0, 1],
      [2, 2],
    ],
  },
  {
    farm: "sunny-slope-orchards",
    buyer: 2,
    daysAgo: 9.2,
    lines: [
      [2, 1],
      [0, 1],
    ],
  },
  { farm: "naramata-bench-vineyards", buyer: 1, daysAgo: 8.6, lines: [[1, 2]] },
  {
    farm: "naramata-bench-vineyards",
    buyer: 1,
    daysAgo: 6.1,
    lines: [
      [0, 1],
      [3, 1],
    ],
  },
  {
    farm: "sunny-slope-orchards",
    buyer: 2,
    daysAgo: 5.4,
    lines: [
      [1, 2],
      [3, 1],
    ],
  },
  {
    farm: "sunny-slope-orchards",
    buyer: 1,
    daysAgo: 2.3,
    lines: [
      [0, 1],
      [2, 2],
    ],
  },
  {
    farm: "naramata-bench-vineyards",
    buyer: 2,
    daysAgo: 1.9,
    lines: [
      [2, 1],
      [1, 1],
    ],
  },
];

export async function ensureReportSales(ctx: SeedContext): Promise<void> {
  const { tx, userIds, farmIds, now, log } = ctx;
  if (await tx.order.count({ where: { checkoutRef: { startsWith: REF } } })) return;
  const products = new Map<string, Awaited<ReturnType<typeof productsOf>>>();
  async function productsOf(farmId: number) {
    return tx.product.findMany({
      where: { farmId, isHidden: false },
      orderBy: { id: "asc" },
      take: 4,
      select: {
        id: true,
        name: true,
        caseSize: true,
        priceCents: true,
        restaurantPriceCents: true,
        taxClass: true,
      },
    });
  }
  let orders = 0;
  for (const sale of SALES) {
    const farmId = farmIds.get(sale.farm);
    const buyer = RESTAURANTS[sale.buyer];
    const userId = buyer && userIds.get(buyer.email);
    if (!farmId || !userId) continue;
    if (!products.has(sale.farm)) products.set(sale.farm, await productsOf(farmId));
    const shelf = products.get(sale.farm)!;
    const items = sale.lines.flatMap(([index, cases]) => {
      const p = shelf[index];
      if (!p) return [];
      return [
        {
          productId: p.id,
          productName: p.name,
          quantity: cases * p.caseSize,
          priceCents: unitPrice(p, "restaurant").cents,
          taxClass: p.taxClass,
        },
      ];
    });
    if (!items.length) continue;
    const placedAt = new Date(now.getTime() - sale.daysAgo * DAY);
    const handedAt = new Date(placedAt.getTime() + DAY / 3);
    const ref = `${REF}${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
    const order = await createHandedOverOrder(tx, {
      userId,
      farmId,
      items,
      placedAt,
      handedAt,
      checkoutRef: ref,
    });
    const { totalCents } = order;
    // The buyer's wallet: a top-up of exactly this order, then the order's payment.
    await ensureWallet(tx, userId);
    await tx.transaction.createMany({
      data: [
        {
          userId,
          type: "top_up",
          amountCents: totalCents,
          description: "Wallet top-up",
          reference: `TOP-${ref.slice(REF.length)}`,
          timestamp: new Date(placedAt.getTime() - 60_000),
        },
        {
          userId,
          type: "order",
          amountCents: -totalCents,
          description: `Order #${order.id} from ${order.farmName}`,
          reference: `ORDER-${order.id}`,
          timestamp: placedAt,
        },
      ],
    });
    orders++;
  }
  log(`report sales: ${orders} completed restaurant orders at Sunny Slope and Naramata Bench`);
}
