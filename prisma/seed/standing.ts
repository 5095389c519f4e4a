import { RESTAURANTS } from "@/prisma/seed-data/catalog";
import { dueAt, findWindow, firstDate } from "@/lib/server/standing/schedule";
import { unitPrice } from "@/lib/server/catalog/pricing";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import { syncHold } from "@/lib/server/standing/holds";
import type { SeedContext, Tx } from "./types";

/** Bench Bistro buys its greens at Glenmore Valley Greens' Saturday market stall every week. */
const STANDING = {
  restaurant: RESTAURANTS[0].email,
  farm: "glenmore-valley-greens",
  weekday: 6,
  kind: "pickup" as const,
  lines: 2,
  quantity: 2,
};
const OPENING_BALANCE_CENTS = 40_000;

/**
 * One seeded restaurant's standing order (docs/restaurants.md, "Standing orders"), so a newcomer
 * sees the page filled, and a wallet to pay it from. Left alone once that restaurant has any
 * standing order; the wallet is created only when it has none.
 */
export async function ensureStandingOrders(ctx: SeedContext): Promise<void> {
  const { tx, userIds, farmIds, now, log } = ctx;
  const userId = userIds.get(STANDING.restaurant)!;
  const farmId = farmIds.get(STANDING.farm)!;
  if (await tx.standingOrder.count({ where: { userId } })) {
    await holdStock(tx, userId, now);
    return;
  }
  const window = await findWindow(tx, {
    farmId,
    kind: STANDING.kind,
    weekday: STANDING.weekday,
    pickupPointId: null,
  });
  if (!window) return; // the farmer changed the windows: nothing to tie it to
  const products = await tx.product.findMany({
    where: { farmId, isHidden: false },
    orderBy: { id: "asc" },
    take: STANDING.lines,
    select: { id: true, caseSize: true, priceCents: true, restaurantPriceCents: true },
  });
  if (!(await tx.wallet.findUnique({ where: { userId } }))) {
    await ensureWallet(tx, userId);
    await applyBalanceChange(tx, userId, OPENING_BALANCE_CENTS, {
      type: "top_up",
      description: "Wallet top-up",
      reference: "SEED-OPENING",
    });
  }
  const nextDate = firstDate(window, now);
  await tx.standingOrder.create({
    data: {
      userId,
      farmId,
      // Restaurants buy whole cases: STANDING.quantity cases of each, at today's restaurant price.
      items: products.map((p) => ({
        productId: p.id,
        quantity: STANDING.quantity * p.caseSize,
        priceCents: unitPrice(p, "restaurant").cents,
      })),
      weekday: STANDING.weekday,
      kind: STANDING.kind,
      pickupPointId: window.pickupPointId,
      nextDate,
      nextDueAt: dueAt(window, nextDate, window.farm.timeZone),
    },
  });
  const held = await holdStock(tx, userId, now);
  log(
    `standing orders: 1 (${RESTAURANTS[0].company.companyName}, ${window.farm.farmName}, Saturdays; ${held} units held for ${nextDate})`,
  );
}

/**
 * The restaurant's next Saturday, within the farm's 7-day booking horizon, holds its stock
 * (docs/restaurants.md, "Reserved stock"): the catalog and My Farm → Products show it at once.
 * Moved on every seed run, as the worker's loop would. Returns the units held.
 */
async function holdStock(tx: Tx, userId: number, now: Date): Promise<number> {
  let units = 0;
  for (const { id } of await tx.standingOrder.findMany({ where: { userId }, select: { id: true } }))
    for (const quantity of (await syncHold(tx, id, now)).values()) units += quantity;
  return units;
}
