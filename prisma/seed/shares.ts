import { DEMO_USER } from "@/prisma/seed-data/catalog";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import { findWindow } from "@/lib/server/standing/schedule";
import { boxDates, boxCutoff } from "@/lib/server/shares/schedule";
import { syncMemberHold } from "@/lib/server/shares/boxes";
import { walletToPrepaid } from "@/lib/server/shares/prepaid";
import type { SeedContext } from "./types";

/** Lakeview Heights Gardens offers the demo's farm shares at the Saturday market (no e2e spec uses it). */
const FARM = "okanagan-lakeview-gardens";
const OWNER = "grace.kowalski@farms.fieldfare.app";
/** Share members of their own, signed in with the partners' password (README's demo table). */
export const SHARE_MEMBERS = [
  {
    fullName: "Ava Thompson",
    email: "ava.thompson@members.fieldfare.app",
    username: "ava_thompson",
  },
  { fullName: "Noah Patel", email: "noah.patel@members.fieldfare.app", username: "noah_patel" },
];
const DAY = 86_400_000;

/**
 * Two farm shares (docs/shares.md) whose first box is the first Saturday at least two days away,
 * whatever day the seed runs, with that box published: Jordan (the demo shopper) pays weekly and
 * swapped an item, Ava prepaid the season and never wants one item, Noah is paused. The fortnightly fruit box has Ava
 * weekly and its box not published yet. Left alone once the farm has any plan.
 */
export async function ensureShares(ctx: SeedContext): Promise<void> {
  const { tx, userIds, farmIds, now, log } = ctx;
  const farmId = farmIds.get(FARM);
  if (!farmId || (await tx.sharePlan.count({ where: { farmId } }))) return;
  const farm = await tx.farm.findUniqueOrThrow({ where: { id: farmId } });
  const market = await tx.fulfilmentWindow.findFirst({
    where: { farmId, kind: "pickup", weekday: 6, archived: false },
  });
  if (!market?.pickupPointId) return;
  const window = await findWindow(tx, {
    farmId,
    kind: "pickup",
    weekday: 6,
    pickupPointId: market.pickupPointId,
  });
  if (!window) return;
  // The first Saturday whose box cutoff is two days or more ahead: time to swap and skip.
  let seasonStart = "";
  for (let d = 0; !seasonStart; d++) {
    const day = new Date(now.getTime() + d * DAY);
    const date = day.toISOString().slice(0, 10);
    if (day.getUTCDay() !== 6) continue;
    if (boxCutoff(window, date, farm.timeZone).getTime() - now.getTime() >= 2 * DAY)
      seasonStart = date;
  }
  const seasonEnd = new Date(Date.parse(`${seasonStart}T00:00:00Z`) + 11 * 7 * DAY)
    .toISOString()
    .slice(0, 10);
  const products = await tx.product.findMany({
    where: { farmId, isHidden: false, stock: { gte: 20 } },
    orderBy: { id: "asc" },
    take: 5,
  });
  if (products.length < 5) return;
  const plan = (data: { name: string; description: string; price: number; everyWeeks: number }) =>
    tx.sharePlan.create({
      data: {
        farmId,
        name: data.name,
        description: data.description,
        boxPriceCents: data.price,
        everyWeeks: data.everyWeeks,
        seasonStart,
        seasonEnd,
        capacity: 25,
        skipsPerSeason: 3,
        kind: "pickup",
        pickupPointId: market.pickupPointId,
        payments: ["weekly", "season"],
      },
    });
  const veg = await plan({
    name: "Weekly harvest box",
    description: "What is best in our terraces each week, picked the morning of the market.",
    price: 3_200,
    everyWeeks: 1,
  });
  const fruit = await plan({
    name: "Fortnightly melon & corn box",
    description: "Melons, sweet corn and summer crops every second Saturday.",
    price: 2_400,
    everyWeeks: 2,
  });
  const [a, b, c, d, e] = products;
  await tx.shareBox.create({
    data: {
      planId: veg.id,
      localDate: seasonStart,
      items: [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
        { productId: c.id, quantity: 2 },
      ],
      swapOptions: [
        { productId: d.id, quantity: 1 },
        { productId: e.id, quantity: 2 },
      ],
      publishedAt: now,
      dueAt: boxCutoff(window, seasonStart, farm.timeZone),
    },
  });

  const hash = (await tx.user.findUniqueOrThrow({ where: { email: OWNER } })).passwordHash;
  const members = [];
  for (const m of SHARE_MEMBERS)
    members.push(
      (await tx.user.findUnique({ where: { email: m.email } })) ??
        (await tx.user.create({ data: { ...m, passwordHash: hash, verified: true } })),
    );
  const [ava, noah] = members;
  const jordan = userIds.get(DEMO_USER.email)!;
  const join = async (planId: number, userId: number, payment: "weekly" | "season") => {
    const created = await tx.shareMembership.create({ data: { planId, userId, payment } });
    await tx.sharePlan.update({ where: { id: planId }, data: { memberCount: { increment: 1 } } });
    return created;
  };
  const jordans = await join(veg.id, jordan, "weekly");
  await tx.shareBoxChoice.create({
    data: { membershipId: jordans.id, localDate: seasonStart, swaps: [{ out: b.id, in: d.id }] },
  });
  const boxes = boxDates(veg).length;
  await ensureWallet(tx, ava.id);
  await applyBalanceChange(tx, ava.id, 50_000, {
    type: "top_up",
    description: "Wallet top-up",
    reference: "SEED-SHARES",
  });
  const avas = await join(veg.id, ava.id, "season");
  // Ava never wants the third item: her box shows the first swap option in its place.
  await tx.shareMembership.update({
    where: { id: avas.id },
    data: { boxesLeft: boxes, never: [c.id] },
  });
  await walletToPrepaid(tx, avas, boxes * veg.boxPriceCents, `${veg.name}: ${boxes} boxes`);
  await join(fruit.id, ava.id, "weekly");
  const noahs = await join(veg.id, noah.id, "weekly");
  await tx.shareMembership.update({
    where: { id: noahs.id },
    data: { status: "paused", pausedUntil: boxDates(veg)[3] },
  });
  for (const m of [jordans, avas, noahs]) await syncMemberHold(tx, m.id, now);
  log(`farm shares: 2 plans at ${farm.farmName} (first box ${seasonStart}), 3 members`);
}
