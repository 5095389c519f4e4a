import "server-only";
import { centsToDollars, dollarsToCents } from "@/lib/money";
import { db } from "@/lib/server/platform/db";
import { badRequest, conflict, notFound } from "@/lib/server/platform/errors";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import type { SessionUser } from "@/lib/server/auth/session";
import { requireOwnFarm, type OwnFarm } from "@/lib/server/farm/access";
import type { LiveWindow } from "@/lib/server/standing/schedule";
import type { PublicSharePlanJson, SharePlanJson } from "@/lib/contracts/shares";
import {
  MAX_SHARE_PLANS,
  sharePlanSchema,
  type SharePlanInput,
  type SharePlanUpdateInput,
} from "@/lib/validators/shares";
import { openDates, planWindow, weekdayOf } from "./schedule";
import { boxLinesOf, linesJson, type Priced } from "./lines";

/**
 * A farm's share plans (docs/shares.md, "Plans"): created and changed by the farm, read by anyone
 * on the farm's page. Every farm query is scoped by the signed-in farmer's own farm.
 */
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export const planInclude = {
  farm: { select: { id: true, farmName: true, timeZone: true, userId: true } },
  boxes: { orderBy: { localDate: "asc" as const } },
};
type PlanRow = NonNullable<Awaited<ReturnType<typeof loadPlan>>>;

export function loadPlan(client: Pick<Tx, "sharePlan">, where: { id: number; farmId?: number }) {
  return client.sharePlan.findFirst({ where, include: planInclude });
}

/** The plan's pickup point name, or its delivery zones' names. */
async function placeOf(client: Tx | typeof db, plan: PlanRow): Promise<string> {
  if (plan.kind === "pickup") {
    const point =
      plan.pickupPointId === null
        ? null
        : await client.pickupPoint.findUnique({ where: { id: plan.pickupPointId } });
    return point?.name ?? "Pickup";
  }
  const zones = await client.deliveryZone.findMany({
    where: { id: { in: plan.zoneIds }, farmId: plan.farmId },
    orderBy: { id: "asc" },
  });
  return zones.length ? `Delivery: ${zones.map((z) => z.name).join(", ")}` : "Delivery";
}

/** The plan's window and its open box dates (the next one first). */
export async function planSchedule(client: Tx | typeof db, plan: PlanRow, now: Date) {
  const window = await planWindow(client, plan);
  return { window, open: openDates(plan, window, plan.farm.timeZone, now) };
}

export async function serializePlan(
  client: Tx | typeof db,
  plan: PlanRow,
  now: Date,
): Promise<SharePlanJson> {
  const { open } = await planSchedule(client, plan, now);
  const next = open[0];
  const box = next && plan.boxes.find((b) => b.localDate === next.date);
  return {
    id: plan.id,
    farmId: plan.farmId,
    name: plan.name,
    description: plan.description,
    boxPrice: centsToDollars(plan.boxPriceCents),
    everyWeeks: plan.everyWeeks === 2 ? 2 : 1,
    seasonStart: plan.seasonStart,
    seasonEnd: plan.seasonEnd,
    capacity: plan.capacity,
    skipsPerSeason: plan.skipsPerSeason,
    fulfilment: {
      kind: plan.kind,
      pickupPointId: plan.pickupPointId,
      zoneIds: plan.zoneIds,
      place: await placeOf(client, plan),
    },
    payment: plan.payments,
    members: plan.memberCount,
    spotsLeft: Math.max(0, plan.capacity - plan.memberCount),
    nextBox: next
      ? { date: next.date, cutoff: next.cutoff.toISOString(), published: !!box?.publishedAt }
      : null,
  };
}

/** Checks the plan's place (the farm's own point or zones) and that a window hands its boxes over. */
async function checkPlace(tx: Tx, farm: OwnFarm, p: SharePlanInput): Promise<void> {
  if (p.fulfilment.kind === "pickup") {
    const point = await tx.pickupPoint.findFirst({
      where: { id: p.fulfilment.pickupPointId!, farmId: farm.id, archived: false },
    });
    if (!point)
      throw badRequest("Choose one of your pickup points", {
        "fulfilment.pickupPointId": "Choose one of your pickup points",
      });
  } else {
    const ids = p.fulfilment.zoneIds ?? [];
    const zones = await tx.deliveryZone.count({
      where: { id: { in: ids }, farmId: farm.id, archived: false },
    });
    if (zones !== ids.length)
      throw badRequest("Choose your own delivery zones", {
        "fulfilment.zoneIds": "Choose your own delivery zones",
      });
  }
  const window = await planWindow(tx, {
    farmId: farm.id,
    kind: p.fulfilment.kind,
    pickupPointId: p.fulfilment.kind === "pickup" ? p.fulfilment.pickupPointId! : null,
    seasonStart: p.seasonStart,
  });
  if (!window) {
    const message = `${farm.farmName} has no ${p.fulfilment.kind} window on ${WEEKDAYS[weekdayOf(p.seasonStart)]}s${p.fulfilment.kind === "pickup" ? " at that pickup point" : ""}: add one in Fulfilment, or start the season on a day you have one`;
    throw conflict(message, { seasonStart: message });
  }
}

const planData = (p: SharePlanInput) => ({
  name: p.name,
  description: p.description,
  boxPriceCents: dollarsToCents(p.boxPrice),
  everyWeeks: p.everyWeeks,
  seasonStart: p.seasonStart,
  seasonEnd: p.seasonEnd,
  capacity: p.capacity,
  skipsPerSeason: p.skipsPerSeason,
  kind: p.fulfilment.kind,
  pickupPointId: p.fulfilment.kind === "pickup" ? p.fulfilment.pickupPointId! : null,
  zoneIds: p.fulfilment.kind === "delivery" ? (p.fulfilment.zoneIds ?? []) : [],
  payments: [...new Set(p.payment)],
});

export async function listFarmPlans(user: SessionUser, now: Date): Promise<SharePlanJson[]> {
  const farm = await requireOwnFarm(user);
  const plans = await db.sharePlan.findMany({
    where: { farmId: farm.id },
    include: planInclude,
    orderBy: { id: "desc" },
  });
  return Promise.all(plans.map((p) => serializePlan(db, p, now)));
}

export async function createPlan(
  user: SessionUser,
  input: SharePlanInput,
  now: Date,
): Promise<SharePlanJson> {
  const farm = await requireOwnFarm(user);
  return inTransaction(async (tx) => {
    // One farm's creations one at a time (the count limit).
    await tx.$queryRaw`SELECT "id" FROM "Farm" WHERE "id" = ${farm.id} FOR UPDATE`;
    if ((await tx.sharePlan.count({ where: { farmId: farm.id } })) >= MAX_SHARE_PLANS)
      throw conflict(`A farm offers at most ${MAX_SHARE_PLANS} share plans`);
    await checkPlace(tx, farm, input);
    const { id } = await tx.sharePlan.create({ data: { farmId: farm.id, ...planData(input) } });
    return serializePlan(tx, (await loadPlan(tx, { id }))!, now);
  });
}

/** The stored plan as the create body, so a PATCH is checked as a whole plan. */
function asInput(plan: PlanRow): SharePlanInput {
  return {
    name: plan.name,
    description: plan.description,
    boxPrice: centsToDollars(plan.boxPriceCents),
    everyWeeks: plan.everyWeeks === 2 ? 2 : 1,
    seasonStart: plan.seasonStart,
    seasonEnd: plan.seasonEnd,
    capacity: plan.capacity,
    skipsPerSeason: plan.skipsPerSeason,
    fulfilment:
      plan.kind === "pickup"
        ? { kind: "pickup", pickupPointId: plan.pickupPointId ?? undefined }
        : { kind: "delivery", zoneIds: plan.zoneIds },
    payment: plan.payments,
  };
}

export async function updatePlan(
  user: SessionUser,
  planId: number,
  patch: SharePlanUpdateInput,
  now: Date,
): Promise<SharePlanJson> {
  const farm = await requireOwnFarm(user);
  return inTransaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "SharePlan" WHERE "id" = ${planId} AND "farmId" = ${farm.id} FOR UPDATE`;
    if (!locked) throw notFound("Share plan not found");
    const plan = (await loadPlan(tx, { id: planId }))!;
    const parsed = sharePlanSchema.safeParse({ ...asInput(plan), ...patch });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(issue.message, { [issue.path.join(".")]: issue.message });
    }
    if (parsed.data.capacity < plan.memberCount) {
      const message = `${plan.memberCount} members have joined: capacity cannot be less`;
      throw conflict(message, { capacity: message });
    }
    await checkPlace(tx, farm, parsed.data);
    await tx.sharePlan.update({ where: { id: planId }, data: planData(parsed.data) });
    return serializePlan(tx, (await loadPlan(tx, { id: planId }))!, now);
  });
}

/** A box's lines with their product's name, unit and value at the farm's price now. */
export async function pricedLines(
  client: Tx | typeof db,
  lines: { productId: number; quantity: number }[],
): Promise<Priced> {
  const products = await client.product.findMany({
    where: { id: { in: lines.map((l) => l.productId) } },
    select: { id: true, name: true, unit: true, priceCents: true },
  });
  return new Map(products.map((p) => [p.id, p]));
}

/** GET /api/farms/{id}/shares: the plans still taking members, with the next box if published. */
export async function farmShares(farmId: number, now: Date): Promise<PublicSharePlanJson[]> {
  const farm = await db.farm.findUnique({ where: { id: farmId }, select: { id: true } });
  if (!farm) throw notFound("Farm not found");
  return openShares(farmId, now);
}

/** The farm's plans still taking members (the farm page reads them beside its products). */
export async function openShares(farmId: number, now: Date): Promise<PublicSharePlanJson[]> {
  const plans = await db.sharePlan.findMany({
    where: { farmId },
    include: planInclude,
    orderBy: { id: "asc" },
  });
  const out: PublicSharePlanJson[] = [];
  for (const plan of plans) {
    const json = await publicPlan(plan, now);
    if (json) out.push(json);
  }
  return out;
}

/**
 * GET /api/shares/open: up to `limit` plans with spots left that the shopper has not joined,
 * nearest farms first, for home's "Join a farm share". None for farmers and staff.
 */
export async function sharesNearYou(
  user: SessionUser,
  limit: number,
  now: Date,
): Promise<PublicSharePlanJson[]> {
  if (user.userType === "farmer" || user.role === "staff") return [];
  const plans = await db.sharePlan.findMany({
    where: {
      memberCount: { lt: db.sharePlan.fields.capacity },
      // A day's slack for the zones: the schedule below decides what is still open.
      seasonEnd: { gte: new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10) },
      memberships: { none: { userId: user.id, status: { not: "cancelled" } } },
    },
    include: planInclude,
    orderBy: [{ farm: { distance: "asc" } }, { id: "asc" }],
    take: limit * 2,
  });
  const out: PublicSharePlanJson[] = [];
  // One plan at a time, and no more than the card shows: each costs a few reads.
  for (const plan of plans) {
    if (out.length === limit) break;
    const json = await publicPlan(plan, now);
    if (json) out.push(json);
  }
  return out;
}

/** A plan as anyone sees it, or null when no box is left to join (season over, no window). */
async function publicPlan(plan: PlanRow, now: Date): Promise<PublicSharePlanJson | null> {
  const { window, open } = await planSchedule(db, plan, now);
  if (!window || !open.length) return null;
  const next = open[0];
  const box = plan.boxes.find((b) => b.localDate === next.date && b.publishedAt);
  const items = box ? boxLinesOf(box.items) : [];
  const priced = await pricedLines(db, items);
  const json = await serializePlan(db, plan, now);
  return {
    id: plan.id,
    farm: { id: plan.farm.id, farmName: plan.farm.farmName },
    name: plan.name,
    description: plan.description,
    boxPrice: json.boxPrice,
    everyWeeks: json.everyWeeks,
    seasonStart: plan.seasonStart,
    seasonEnd: plan.seasonEnd,
    skipsPerSeason: plan.skipsPerSeason,
    fulfilment: { kind: plan.kind, place: json.fulfilment.place },
    payment: plan.payments,
    spotsLeft: json.spotsLeft,
    boxesLeft: open.length,
    seasonPrice: centsToDollars(open.length * plan.boxPriceCents),
    nextBox: {
      date: next.date,
      cutoff: next.cutoff.toISOString(),
      items: linesJson(items, priced),
    },
  };
}

export type { PlanRow, LiveWindow };
