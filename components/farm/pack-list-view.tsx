import Link from "next/link";
import { ChevronLeft, ChevronRight, Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { PackListJson } from "@/lib/contracts/fulfilment";
import { formatSlotDate } from "@/lib/format";
import { PrintButton } from "./print-button";
import { PackDayPicker } from "./pack-day-picker";
import { PackOrders } from "./pack-orders";
import { FarmSection } from "./farm-section";

/** YYYY-MM-DD moved by `days`. */
function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const dayTitle = (date: string) => formatSlotDate(`${date}T00:00`);

/**
 * My Farm → Pack list for one day (docs/fulfilment.md): first what to harvest (the total of each
 * product, with a bar to compare), then each order to pack with its tick-offs and "Handed over",
 * then the orders handed over. Prints without the app's frame; the same list downloads as CSV.
 */
export function PackListView({
  list,
  dateError,
  onChanged,
}: {
  list: PackListJson;
  dateError?: string;
  /** Reads the day again after a handover or an undo. */
  onChanged: () => void;
}) {
  const max = Math.max(1, ...list.products.map((p) => p.quantity));
  const csv = `/api/my-farm/pack-list?date=${list.date}&format=csv`;
  return (
    <FarmSection
      id="pack"
      title={`Pack list · ${dayTitle(list.date)}`}
      className="grid gap-6"
      testId="pack-list"
      intro={
        <p className="text-sm text-muted print:hidden">
          What to harvest and pack for the orders handed over this day (times in {list.timeZone}).
        </p>
      }
    >
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <PackDayPicker list={list} />
        <nav aria-label="Other days" className="flex gap-2">
          <Button asChild variant="outline" size="lg">
            <Link href={`/my-farm/pack-list?date=${shiftDate(list.date, -1)}`}>
              <ChevronLeft aria-hidden className="h-4 w-4" /> Previous day
            </Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link href={`/my-farm/pack-list?date=${shiftDate(list.date, 1)}`}>
              Next day <ChevronRight aria-hidden className="h-4 w-4" />
            </Link>
          </Button>
        </nav>
        <div className="flex gap-2">
          <PrintButton />
          <Button asChild variant="outline" size="lg">
            <a href={csv} download={`pack-list-${list.date}.csv`}>
              <Download aria-hidden className="h-4 w-4" /> Download CSV
            </a>
          </Button>
        </div>
      </div>
      {dateError ? (
        <p
          id="pack-date-error"
          role="alert"
          className="text-sm font-medium text-red-700 print:hidden"
        >
          {dateError}. Showing {dayTitle(list.date)} instead.
        </p>
      ) : null}

      {list.orders.length === 0 ? (
        <p
          className="rounded-2xl border border-dashed border-gray-300 p-8 text-center text-muted"
          data-testid="pack-empty"
        >
          No orders to pack for {dayTitle(list.date)}.
        </p>
      ) : (
        <>
          <section aria-labelledby="harvest-title" className="grid break-inside-avoid gap-3">
            <h3 id="harvest-title" className="text-base font-bold text-ink">
              What to harvest
            </h3>
            <ul className="grid gap-2" data-testid="harvest">
              {list.products.map((p) => (
                <li key={p.productId} className="grid gap-1 text-sm">
                  <span className="flex justify-between gap-3">
                    <span className="font-medium text-ink">{p.productName}</span>
                    <span className="font-semibold text-ink tabular-nums">
                      {p.quantity} {p.unit}
                    </span>
                  </span>
                  <span
                    aria-hidden
                    className="block h-3 rounded-full bg-gray-100 print:border print:border-gray-400"
                  >
                    <span
                      className="block h-3 rounded-full bg-brand-600 print:bg-gray-700"
                      style={{ width: `${(p.quantity / max) * 100}%` }}
                    />
                  </span>
                </li>
              ))}
            </ul>
          </section>

          <PackOrders
            key={`${list.date}-${list.orders.map((o) => `${o.id}${o.status}${o.packed.join(".")}`).join()}`}
            list={list}
            onChanged={onChanged}
          />
        </>
      )}
    </FarmSection>
  );
}
