import { Suspense } from "react";
import type { SlotJson } from "@/lib/contracts/fulfilment";
import { formatNextSlot } from "@/lib/format";
import { slotPlace } from "./slot-text";

type NextSlotValue = (SlotJson & { timeZone: string }) | null;

async function NextSlotLine({ slot: pending }: { slot: Promise<NextSlotValue> }) {
  const slot = await pending;
  if (!slot) return null;
  return (
    <p className="w-fit rounded-xl bg-brand-50 px-3 py-2 text-sm text-ink" data-testid="next-slot">
      <span className="font-semibold">{formatNextSlot(slot)}</span>
      <span className="text-muted"> · {slotPlace(slot)}</span>
    </p>
  );
}

/**
 * A farm's next slot and its cutoff ("Order by Thu 6 pm for Sat pickup", farm-local time) on the
 * product and farm pages. The page starts the read; the line streams in after the page
 * (Suspense), so the page never waits on it.
 */
export function NextSlot({ slot }: { slot: Promise<NextSlotValue> }) {
  return (
    <Suspense fallback={null}>
      <NextSlotLine slot={slot} />
    </Suspense>
  );
}
