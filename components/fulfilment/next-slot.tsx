import { Suspense } from "react";
import { formatNextSlot } from "@/lib/format";
import { nextSlot } from "@/lib/server/fulfilment/slots";
import { slotPlace } from "./slot-text";

async function NextSlotLine({ farmId }: { farmId: number }) {
  const slot = await nextSlot(farmId).catch((error) => {
    // The page stays useful without the line; the reason goes to the server log.
    console.error("[next-slot] failed to load:", error);
    return null;
  });
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
 * product and farm pages. It streams in after the page (Suspense), so the page never waits on it.
 */
export function NextSlot({ farmId }: { farmId: number }) {
  return (
    <Suspense fallback={null}>
      <NextSlotLine farmId={farmId} />
    </Suspense>
  );
}
