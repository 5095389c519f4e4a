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

    const pointIds: number[] = [];
    for (const p of input.pickupPoints) {
      const data = { name: p.name, address: p.address, notes: p.notes };
      const row = p.id
        ? await tx.pickupPoint.update({ where: { id: p.id }, data })
        : await tx.pickupPoint.create({ data: { farmId, ...data } });
      pointIds.push(row.id);
    }
    await tx.pickupPoint.updateMany({
      where: { farmId, archived: false, id: { notIn: pointIds } },
      data: { archived: true },
    });

    const zoneIds: number[] = [];
    for (const z of input.deliveryZones) {
      const data = {
        name: z.name,
        postalPrefixes: [...new Set(z.postalPrefixes)],
        feeCents: dollarsToCents(z.fee),
        freeOverCents: z.freeOver == null ? null : dollarsToCents(z.freeOver),
      };
      const row = z.id
        ? await tx.deliveryZone.update({ where: { id: z.id }, data })
        : await tx.deliveryZone.create({ data: { farmId, ...data } });
      zoneIds.push(row.id);
    }
    await tx.deliveryZone.updateMany({
      where: { farmId, archived: false, id: { notIn: zoneIds } },
      data: { archived: true },
    });

    const windowIds: number[] = [];
    for (const w of input.windows) {
      const data = {
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
      };
      const row = w.id
        ? await tx.fulfilmentWindow.update({ where: { id: w.id }, data })
        : await tx.fulfilmentWindow.create({ data: { farmId, ...data } });
      windowIds.push(row.id);
    }
    await tx.fulfilmentWindow.updateMany({
      where: { farmId, archived: false, id: { notIn: windowIds } },
      data: { archived: true },
    });

    return readSettings(tx, farmId);
  });
}
