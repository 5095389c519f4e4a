import type { SlotJson } from "@/lib/contracts/fulfilment";
import { formatCurrency, formatCutoff, formatSlot, wallClock } from "@/lib/format";

/** "Pickup at Kelowna Farmers' Market" / "Delivery" */
export function slotPlace(slot: Pick<SlotJson, "kind" | "pickupPoint">): string {
  return slot.kind === "pickup"
    ? `Pickup${slot.pickupPoint ? ` at ${slot.pickupPoint.name}` : ""}`
    : "Delivery";
}

/** "Sat 28 Nov, 9:00 am–1:00 pm · order by Thu 6 pm" */
export function slotLabel(slot: Pick<SlotJson, "start" | "end" | "cutoff">): string {
  return `${formatSlot(slot.start, slot.end)} · order by ${formatCutoff(slot.cutoff)}`;
}

/** "Full", "3 places left", or "" without a limit. */
export function slotRemaining(slot: Pick<SlotJson, "remaining">): string {
  if (slot.remaining === null) return "";
  if (slot.remaining <= 0) return "Full";
  return `${slot.remaining} ${slot.remaining === 1 ? "place" : "places"} left`;
}

export const feeLabel = (fee: number) => (fee > 0 ? `${formatCurrency(fee)} delivery` : "Free");

/** The Monday (YYYY-MM-DD) of the local week a slot starts in. */
export function weekOf(iso: string): string {
  const c = wallClock(iso);
  if (!c) return "";
  const [y, m, d] = c.date.split("-").map(Number);
  const monday = new Date(Date.UTC(y, m - 1, d - ((c.weekday + 6) % 7)));
  return monday.toISOString().slice(0, 10);
}

/** Slots grouped by their local week, in order. */
export function byWeek<T extends Pick<SlotJson, "start">>(
  slots: T[],
): { week: string; slots: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const s of slots) {
    const w = weekOf(s.start);
    groups.set(w, [...(groups.get(w) ?? []), s]);
  }
  return [...groups.entries()].map(([week, list]) => ({ week, slots: list }));
}
