import "server-only";
import { DateTime } from "luxon";
import type { Tx } from "@/lib/server/platform/transaction";
import { dueAt, findWindow, type LiveWindow } from "@/lib/server/standing/schedule";

/**
 * When a plan's boxes fall (docs/shares.md, "Box dates"): from `seasonStart` every `everyWeeks`
 * weeks on its weekday, up to `seasonEnd`, at the farm's live window of the plan's kind on that
 * weekday. A box's cutoff is that of a standing order on the same slot (the slot's cutoff less the
 * lead time), so the order it becomes is placed while the slot still takes orders.
 */
export type PlanDates = { seasonStart: string; seasonEnd: string; everyWeeks: number };

const utcDay = (d: string) => DateTime.fromISO(d, { zone: "UTC" });

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (localDate: string) => utcDay(localDate).weekday % 7;

/** Every box date of the season, in order. */
export function boxDates(plan: PlanDates): string[] {
  const dates: string[] = [];
  const end = utcDay(plan.seasonEnd);
  for (let d = utcDay(plan.seasonStart); d <= end; d = d.plus({ weeks: plan.everyWeeks }))
    dates.push(d.toISODate()!);
  return dates;
}

export const isBoxDate = (plan: PlanDates, localDate: string) => boxDates(plan).includes(localDate);

export type PlanWindowRef = {
  farmId: number;
  kind: "pickup" | "delivery";
  pickupPointId: number | null;
  seasonStart: string;
};

/** The farm's live window the plan's boxes are handed over at, or null when it has none. */
export function planWindow(client: Pick<Tx, "fulfilmentWindow">, plan: PlanWindowRef) {
  return findWindow(client, {
    farmId: plan.farmId,
    kind: plan.kind,
    weekday: weekdayOf(plan.seasonStart),
    pickupPointId: plan.kind === "pickup" ? plan.pickupPointId : null,
  });
}

/** A box date's cutoff (members change the box until then; the worker places it then). */
export const boxCutoff = (window: LiveWindow | null, localDate: string, timeZone: string) =>
  dueAt(window, localDate, timeZone);

/** The box dates whose cutoff is still ahead of `now`, in order. */
export function openDates(
  plan: PlanDates,
  window: LiveWindow | null,
  timeZone: string,
  now: Date,
): { date: string; cutoff: Date }[] {
  return boxDates(plan)
    .map((date) => ({ date, cutoff: boxCutoff(window, date, timeZone) }))
    .filter((d) => d.cutoff.getTime() > now.getTime());
}
