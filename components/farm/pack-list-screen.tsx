"use client";
import { useSearchParams } from "next/navigation";
import { LoadStates } from "@/components/ui/load-states";
import { useOrderEvents } from "@/components/orders/use-order-events";
import { usePackList } from "@/lib/client/resources";
import { localDate } from "@/lib/validators/fulfilment";
import { FarmSection } from "./farm-section";
import { PackListView } from "./pack-list-view";

/**
 * My Farm → Pack list from the address (`?date=YYYY-MM-DD`; without one, or with one that is not
 * a date, the next day with orders), read from /api/my-farm/pack-list in the browser so the page
 * is prerendered and, after one visit, opens offline (docs/offline.md). A live order event (a new
 * order, a cancel) reads the day again.
 */
export function PackListScreen() {
  const raw = useSearchParams().get("date");
  const asked = raw ? localDate.safeParse(raw) : null;
  const read = usePackList(asked?.success ? asked.data : null);
  const { mutate } = read;
  useOrderEvents(() => void mutate());
  return (
    <LoadStates read={read} failed="Failed to load the pack list" loading={<PackListLoading />}>
      {(list) => (
        <PackListView
          list={list}
          dateError={asked && !asked.success ? asked.error.issues[0]?.message : undefined}
          onChanged={() => void mutate()}
        />
      )}
    </LoadStates>
  );
}

export function PackListLoading() {
  return (
    <FarmSection id="pack" title="Pack list" className="grid gap-6" testId="pack-list-loading">
      <p role="status" className="text-sm text-muted">
        Loading the pack list...
      </p>
    </FarmSection>
  );
}
