import "server-only";
import { DateTime } from "luxon";
import { zoneOf } from "@/lib/server/tz-zone";
import type { FulfilmentKind } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/server/platform/transaction";
import { slotOn } from "@/lib/server/fulfilment/time";
import { localDateOf } from "@/lib/server/tz-zone";

/**
 * When a standing order's occurrences fall (docs/restaurants.md, "Standing orders"). An occurrence
 * is one date of the farm's live window of the standing order's kind on its weekday (and pickup
 * point). The worker places it LEAD_HOURS before that slot's cutoff: early enough that a retry or a
 * busy worker still lands before orders close, and ahead of the last-minute rush of ordinary carts.
 */
export const LEAD_HOURS = 2;
const LEAD_MS = LEAD_HOURS * 3600_000;

export type StandingRef = {
  farmId: number;
  kind: FulfilmentKind;
  weekday: number;
  pickupPointId: number | null;
};
type Reader = Pick<Tx, "fulfilmentWindow">;

/** The farm's live window for this standing order, or null when it no longer has one. */
export async function findWindow(client: Reader, s: StandingRef) {
  const windows = await client.fulfilmentWindow.findMany({
    where: {
      farmId: s.farmId,
      kind: s.kind,
      weekday: s.weekday,
      archived: false,
      ...(s.kind === "pickup" && s.pickupPointId !== null
        ? { pickupPointId: s.pickupPointId }
        : {}),
    },
    include: { pickupPoint: true, farm: { select: { timeZone: true, farmName: true } } },
    orderBy: { id: "asc" },
  });
  // A pickup window whose point was retired hands over nowhere (as the slot list says).
  const found = windows.find(
    (w) => w.kind === "delivery" || (w.pickupPoint && !w.pickupPoint.archived),
  );
  // Read by farmId, so the window is a farm's (a hub's windows have no farm).
  return found?.farm ? { ...found, farm: found.farm } : null;
}

export type LiveWindow = NonNullable<Awaited<ReturnType<typeof findWindow>>>;

/** When the occurrence on `localDate` is placed; without a window, that day's local midnight minus the lead (it then fails with the reason). */
export function dueAt(window: LiveWindow | null, localDate: string, timeZone: string): Date {
  const slot = window && slotOn(window, localDate, timeZone);
  if (slot) return new Date(slot.cutoff.getTime() - LEAD_MS);
  return new Date(DateTime.fromISO(localDate, { zone: zoneOf(timeZone) }).toMillis() - LEAD_MS);
}

/** The first date of the window whose placement time is still ahead of `now`. */
export function firstDate(window: LiveWindow, now: Date): string {
  const tz = window.farm.timeZone;
  const today = DateTime.fromISO(localDateOf(now, tz), { zone: zoneOf(tz) });
  for (let d = 0; ; d++) {
    const localDate = today.plus({ days: d }).toISODate()!;
    if (slotOn(window, localDate, tz) && dueAt(window, localDate, tz).getTime() > now.getTime())
      return localDate;
  }
}

/** The occurrence after `localDate`. */
export function followingDate(localDate: string, everyWeeks: number): string {
  return DateTime.fromISO(localDate, { zone: "UTC" })
    .plus({ days: 7 * everyWeeks })
    .toISODate()!;
}
