import "server-only";
import { db } from "@/lib/server/platform/db";
import { badRequest } from "@/lib/server/platform/errors";
import type { SessionUser } from "@/lib/server/auth/session";
import { requireOwnFarm } from "@/lib/server/farm/access";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import { centsToDollars, dollarsToCents } from "@/lib/money";
import type { FulfilmentSettingsJson } from "@/lib/contracts/fulfilment";
import { minutesOfClock, type FulfilmentSettingsInput } from "@/lib/validators/fulfilment";
import { serializePickupPoint, serializeWindow, serializeZone } from "./serialize";

/**
 * Whose settings: a farm's, or a food hub's (docs/hubs.md). A pickup point, zone or window belongs
 * to exactly one of them (a CHECK on each table); this where-clause scopes every read and write.
 */
export type FulfilmentOwner = { farmId: number; hubId?: never } | { hubId: number; farmId?: never };

/** An owner's pickup points, delivery zones or windows: its rows, which can be archived. */
type OwnerList<D> = {
  update(args: { where: { id: number }; data: D }): Promise<{ id: number }>;
  create(args: { data: D & FulfilmentOwner }): Promise<{ id: number }>;
  updateMany(args: {
    where: FulfilmentOwner & { archived: boolean; id: { notIn: number[] } };
    data: { archived: boolean };
  }): Promise<unknown>;
};

/**
 * Saves one of the farm's lists as the form sent it: a row with an id is updated, one without is
 * created, and every row of the farm left out is archived. Answers the ids in the list's order.
 */
async function saveList<D>(
  model: OwnerList<NoInfer<D>>,
  owner: FulfilmentOwner,
  rows: { id?: number | null; data: D }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const { id, data } of rows) {
    const row = id
      ? await model.update({ where: { id }, data })
      : await model.create({ data: { ...owner, ...data } });
    ids.push(row.id);
  }
  await model.updateMany({
    where: { ...owner, archived: false, id: { notIn: ids } },
    data: { archived: true },
  });
  return ids;
}

/** The owner's own row: its time zone and minimum order. */
function ownerRow(client: Tx | typeof db, owner: FulfilmentOwner) {
  const select = { timeZone: true, minimumOrderCents: true } as const;
  return owner.hubId !== undefined
    ? client.hub.findUniqueOrThrow({ where: { id: owner.hubId }, select })
    : client.farm.findUniqueOrThrow({ where: { id: owner.farmId }, select });
}

/**
 * My Farm → Fulfilment (docs/fulfilment.md), and a hub's (docs/hubs.md): the owner's time zone,
 * minimum order, pickup points, delivery zones and weekly windows. Saving replaces the set; what
 * is left out is archived, so orders and slots that point at it stay intact.
 */
export async function readFulfilmentSettings(
  owner: FulfilmentOwner,
  client: Tx | typeof db = db,
): Promise<FulfilmentSettingsJson> {
  const live = { ...owner, archived: false };
  const [farm, points, zones, windows] = await Promise.all([
    ownerRow(client, owner),
    client.pickupPoint.findMany({ where: live, orderBy: { id: "asc" } }),
    client.deliveryZone.findMany({ where: live, orderBy: { id: "asc" } }),
    client.fulfilmentWindow.findMany({
      where: live,
      orderBy: [{ weekday: "asc" }, { startMinute: "asc" }, { id: "asc" }],
    }),
  ]);
  return {
    timeZone: farm.timeZone,
    minimumOrder: centsToDollars(farm.minimumOrderCents),
    pickupPoints: points.map(serializePickupPoint),
    deliveryZones: zones.map(serializeZone),
    windows: windows.map(serializeWindow),
  };
}

export async function getFulfilmentSettings(user: SessionUser): Promise<FulfilmentSettingsJson> {
  const { id } = await requireOwnFarm(user);
  return readFulfilmentSettings({ farmId: id });
}

/** Ids sent back must be this farm's live rows: anything else is a field error, never someone else's row. */
function checkIds(
  kind: string,
  sent: (number | undefined)[],
  live: Set<number>,
  field: (i: number) => string,
) {
  const errors: Record<string, string> = {};
  sent.forEach((id, i) => {
    if (id !== undefined && !live.has(id)) errors[field(i)] = `Unknown ${kind}`;
  });
  return errors;
}

export async function saveFulfilmentSettings(
  user: SessionUser,
  input: FulfilmentSettingsInput,
): Promise<FulfilmentSettingsJson> {
  const { id: farmId } = await requireOwnFarm(user);
  return saveOwnerSettings({ farmId }, input);
}

/** Replaces a farm's or a hub's settings (the caller has checked the owner is the user's own). */
export async function saveOwnerSettings(
  owner: FulfilmentOwner,
  input: FulfilmentSettingsInput,
): Promise<FulfilmentSettingsJson> {
  return inTransaction(async (tx) => {
    // One save at a time per owner: the row lock queues a second tab's save behind this one.
    if (owner.hubId !== undefined)
      await tx.$queryRaw`SELECT "id" FROM "Hub" WHERE "id" = ${owner.hubId} FOR UPDATE`;
    else await tx.$queryRaw`SELECT "id" FROM "Farm" WHERE "id" = ${owner.farmId} FOR UPDATE`;
    const live = { ...owner, archived: false };
    const [points, zones, windows] = await Promise.all([
      tx.pickupPoint.findMany({ where: live, select: { id: true } }),
      tx.deliveryZone.findMany({ where: live, select: { id: true } }),
      tx.fulfilmentWindow.findMany({ where: live, select: { id: true } }),
    ]);
    const livePoints = new Set(points.map((p) => p.id));
    const errors = {
      ...checkIds(
        "pickup point",
        input.pickupPoints.map((p) => p.id),
        livePoints,
        (i) => `pickupPoints.${i}.id`,
      ),
      ...checkIds(
        "delivery zone",
        input.deliveryZones.map((z) => z.id),
        new Set(zones.map((z) => z.id)),
        (i) => `deliveryZones.${i}.id`,
      ),
      ...checkIds(
        "window",
        input.windows.map((w) => w.id),
        new Set(windows.map((w) => w.id)),
        (i) => `windows.${i}.id`,
      ),
    };
    // A pickup window names a point that stays: one of this request's points (kept or new).
    const keptPoints = new Set(
      input.pickupPoints.map((p) => p.id).filter((id): id is number => id !== undefined),
    );
    input.windows.forEach((w, i) => {
      if (w.kind === "pickup" && w.pickupPointId != null && !keptPoints.has(w.pickupPointId))
        errors[`windows.${i}.pickupPointId`] = "Choose one of your pickup points";
    });
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);

    const own = { timeZone: input.timeZone, minimumOrderCents: dollarsToCents(input.minimumOrder) };
    if (owner.hubId !== undefined) await tx.hub.update({ where: { id: owner.hubId }, data: own });
    else await tx.farm.update({ where: { id: owner.farmId }, data: own });

    const pointRows = input.pickupPoints.map((p) => ({
      id: p.id,
      data: { name: p.name, address: p.address, notes: p.notes },
    }));
    const pointIds = await saveList(tx.pickupPoint, owner, pointRows);
    const zoneRows = input.deliveryZones.map((z) => ({
      id: z.id,
      data: {
        name: z.name,
        postalPrefixes: [...new Set(z.postalPrefixes)],
        feeCents: dollarsToCents(z.fee),
        freeOverCents: z.freeOver == null ? null : dollarsToCents(z.freeOver),
      },
    }));
    await saveList(tx.deliveryZone, owner, zoneRows);
    const windowRows = input.windows.map((w) => ({
      id: w.id,
      data: {
        kind: w.kind,
        weekday: w.weekday,
        startMinute: minutesOfClock(w.start),
        endMinute: minutesOfClock(w.end),
        cutoffHours: w.cutoffHours,
        capacity: w.capacity ?? null,
        pickupPointId:
          w.kind === "pickup"
            ? w.pickupPointIndex != null
              ? pointIds[w.pickupPointIndex]
              : (w.pickupPointId ?? null)
            : null,
      },
    }));
    await saveList(tx.fulfilmentWindow, owner, windowRows);

    return readFulfilmentSettings(owner, tx);
  });
}
