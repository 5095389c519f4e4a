"use client";
import useSWR from "swr";
import { Loader2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { byWeek, slotPlace, slotRemaining } from "@/components/fulfilment/slot-text";
import { messageOf } from "@/lib/client/api";
import type { SlotJson } from "@/lib/contracts/fulfilment";
import { formatCutoff, formatSlot, formatSlotDay } from "@/lib/format";
import { FarmSection } from "./farm-section";

/** The next four weeks of the farm's slots as buyers see them (the saved settings, not the form's). */
export function SlotPreview({ slotsKey }: { slotsKey: string }) {
  const { data, error, isLoading, mutate } = useSWR<SlotJson[]>(slotsKey);
  return (
    <FarmSection
      id="slot-preview"
      title="What buyers see: the next four weeks"
      className="grid gap-3"
      testId="slot-preview"
      intro={
        <p className="text-sm text-muted">
          From your saved settings. Slots whose orders have closed are not shown.
        </p>
      }
    >
      {error ? (
        <div
          role="alert"
          className="grid gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-700"
        >
          <p>{messageOf(error, "Could not load the preview")}</p>
          <Button variant="outline" className="justify-self-start" onClick={() => void mutate()}>
            Try again
          </Button>
        </div>
      ) : isLoading || !data ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> Loading slots...
        </p>
      ) : data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-4 text-sm text-muted">
          No upcoming slots. Without windows buyers order any time, with no pickup or delivery date.
        </p>
      ) : (
        <ol className="grid gap-4">
          {byWeek(data).map(({ week, slots }) => (
            <li key={week} className="grid gap-2">
              <h3 className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
                Week of {formatSlotDay(`${week}T00:00`)}
              </h3>
              <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
                {slots.map((s) => {
                  const remaining = slotRemaining(s);
                  return (
                    <li
                      key={s.slotId}
                      className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
                      data-testid="preview-slot"
                    >
                      <span className="grid gap-0.5">
                        <span className="font-semibold text-ink">{formatSlot(s.start, s.end)}</span>
                        <span className="text-muted">
                          {slotPlace(s)} · order by {formatCutoff(s.cutoff)}
                        </span>
                      </span>
                      {remaining ? (
                        <Badge variant={remaining === "Full" ? "muted" : "secondary"}>
                          {remaining}
                        </Badge>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </FarmSection>
  );
}
