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

/** A farm's pickup points, delivery zones or windows: rows of the farm that can be archived. */
type FarmList<D> = {
  update(args: { where: { id: number }; data: D }): Promise<{ id: number }>;
  create(args: { data: D & { farmId: number } }): Promise<{ id: number }>;
  updateMany(args: {
    where: { farmId: number; archived: boolean; id: { notIn: number[] } };
    data: { archived: boolean };
  }): Promise<unknown>;
};

/**
 * Saves one of the farm's lists as the form sent it: a row with an id is updated, one without is
 * created, and every row of the farm left out is archived. Answers the ids in the list's order.
 */
async function saveList<D>(
  model: FarmList<NoInfer<D>>,
  farmId: number,
  rows: { id?: number | null; data: D }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const { id, data } of rows) {
    const row = id
      ? await model.update({ where: { id }, data })
      : await model.create({ data: { farmId, ...data } });
    ids.push(row.id);
  }
  await model.updateMany({
    where: { farmId, archived: false, id: { notIn: ids } },
    data: { archived: true },
  });
  return ids;
}

/**
 * My Farm → Fulfilment (docs/fulfilment.md): the farm's time zone, minimum order, pickup points,
 * delivery zones and weekly windows. Saving replaces the set; what is left out is archived, so
 * orders and slots that point at it stay intact.
 */
async function readSettings(
  client: Tx | typeof db,
  farmId: number,
): Promise<FulfilmentSettingsJson> {
  const [farm, points, zones, windows] = await Promise.all([
    client.farm.findUniqueOrThrow({
      where: { id: farmId },
      select: { timeZone: true, minimumOrderCents: true },
    }),
    client.pickupPoint.findMany({ where: { farmId, archived: false }, orderBy: { id: "asc" } }),
    client.deliveryZone.findMany({ where: { farmId, archived: false }, orderBy: { id: "asc" } }),
    client.fulfilmentWindow.findMany({
      where: { farmId, archived: false },
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
  return readSettings(db, id);
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
  return inTransaction(async (tx) => {
    // One save at a time per farm: the row lock queues a second tab's save behind this one.
    await tx.$queryRaw`SELECT "id" FROM "Farm" WHERE "id" = ${farmId} FOR UPDATE`;
    const [points, zones, windows] = await Promise.all([
      tx.pickupPoint.findMany({ where: { farmId, archived: false }, select: { id: true } }),
      tx.deliveryZone.findMany({ where: { farmId, archived: false }, select: { id: true } }),
      tx.fulfilmentWindow.findMany({ where: { farmId, archived: false }, select: { id: true } }),
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

    await tx.farm.update({
      where: { id: farmId },
      data: { timeZone: input.timeZone, minimumOrderCents: dollarsToCents(input.minimumOrder) },
    });

    const pointRows = input.pickupPoints.map((p) => ({
      id: p.id,
      data: { name: p.name, address: p.address, notes: p.notes },
    }));
    const pointIds = await saveList(tx.pickupPoint, farmId, pointRows);
    const zoneRows = input.deliveryZones.map((z) => ({
      id: z.id,
      data: {
        name: z.name,
        postalPrefixes: [...new Set(z.postalPrefixes)],
        feeCents: dollarsToCents(z.fee),
        freeOverCents: z.freeOver == null ? null : dollarsToCents(z.freeOver),
      },
    }));
    await saveList(tx.deliveryZone, farmId, zoneRows);
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
    await saveList(tx.fulfilmentWindow, farmId, windowRows);

    return readSettings(tx, farmId);
  });
}
