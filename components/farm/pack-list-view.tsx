import Link from "next/link";
import { ChevronLeft, ChevronRight, Download } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import type { PackListJson } from "@/lib/contracts/fulfilment";
import { formatSlotDay, formatSlotRange } from "@/lib/format";
import { PrintButton } from "./print-button";

/** YYYY-MM-DD moved by `days`. */
function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const dayTitle = (date: string) => `${formatSlotDay(`${date}T00:00`)} ${date.slice(0, 4)}`;

/**
 * My Farm → Pack list for one day (docs/fulfilment.md): first what to harvest (the total of each
 * product, with a bar to compare), then each order to pack. Prints without the app's frame; the
 * same list downloads as CSV.
 */
export function PackListView({ list, dateError }: { list: PackListJson; dateError?: string }) {
  const max = Math.max(1, ...list.products.map((p) => p.quantity));
  const csv = `/api/my-farm/pack-list?date=${list.date}&format=csv`;
  return (
    <section aria-labelledby="pack-title" className="grid gap-6" data-testid="pack-list">
      <div className="grid gap-1">
        <h2 id="pack-title" className="text-lg font-bold text-ink">
          Pack list · {dayTitle(list.date)}
        </h2>
        <p className="text-sm text-muted print:hidden">
          What to harvest and pack for the orders handed over this day (times in {list.timeZone}).
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <form
          method="get"
          action="/my-farm/pack-list"
          className="flex flex-wrap items-end gap-2"
          aria-label="Choose a day"
        >
          <div className="grid gap-1.5">
            <label htmlFor="pack-date" className="text-sm font-medium text-ink">
              Day
            </label>
            <input
              id="pack-date"
              type="date"
              name="date"
              defaultValue={list.date}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? "pack-date-error" : undefined}
              className={cn(inputClass, "h-12 w-auto")}
            />
          </div>
          <Button type="submit" size="lg" variant="secondary">
            Show
          </Button>
        </form>
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

          <section aria-labelledby="orders-title" className="grid gap-3">
            <h3 id="orders-title" className="text-base font-bold text-ink">
              Orders to pack ({list.orders.length})
            </h3>
            <ol className="grid gap-3 md:grid-cols-2 print:grid-cols-2">
              {list.orders.map((o) => (
                <li
                  key={o.id}
                  className="grid break-inside-avoid gap-2 rounded-2xl border border-gray-200 bg-white p-4 text-sm"
                  data-testid="pack-order"
                >
                  <div className="flex items-start justify-between gap-2">
                    <h4 className="font-semibold text-ink">
                      #{o.id} · {o.buyer.fullName}
                    </h4>
                    {o.status === "completed" ? <Badge variant="secondary">Completed</Badge> : null}
                  </div>
                  <p className="text-ink">
                    {o.kind === "pickup" ? "Pickup" : "Delivery"}, {formatSlotRange(o.start, o.end)}
                  </p>
                  <p className="text-muted">
                    {o.place}
                    {o.postalCode ? ` ${o.postalCode}` : ""}
                  </p>
                  <ul className="grid gap-1 border-t border-gray-100 pt-2">
                    {o.items.map((i) => (
                      <li key={i.productId} className="flex gap-2">
                        <span
                          aria-hidden
                          className="hidden h-4 w-4 shrink-0 rounded border border-gray-500 print:inline-block"
                        />
                        <span className="font-semibold tabular-nums">{i.quantity} ×</span>{" "}
                        <span>
                          {i.productName} <span className="text-muted">({i.unit})</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </section>
  );
}
