"use client";
import Link from "next/link";
import { LoadStates } from "@/components/ui/load-states";
import { Skeleton } from "@/components/ui/skeleton";
import type { OpsTodayJson } from "@/lib/contracts/ops";
import { useOpsToday } from "@/lib/client/resources";
import { FIGURE_DEFINITIONS } from "@/lib/figures";
import { formatCurrency, formatDateTime } from "@/lib/format";
import { OpsSection } from "./ops-section";

/** `hint` says what the figure counts, under it (the same words as docs/operations.md). */
type Card = { label: string; value: string; hint?: string; href?: string; alert?: boolean };

const GRID = "grid grid-cols-2 gap-3 lg:grid-cols-4";

/** Ops → Today: the last 24 hours and what waits for staff. */
export function TodayView() {
  const today = useOpsToday();
  return (
    <OpsSection id="today-title" title="Today" className="grid gap-4">
      <LoadStates
        read={today}
        failed="Could not load today's figures"
        loading={
          <ul className={GRID}>
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-24 rounded-2xl" />
              </li>
            ))}
          </ul>
        }
      >
        {(data) => (
          <>
            <ul className={GRID}>
              {cardsOf(data).map((c) => (
                <li
                  key={c.label}
                  className={`grid gap-1 rounded-2xl border p-4 ${c.alert ? "border-red-200 bg-red-50" : "border-gray-200"}`}
                >
                  <span className="text-sm text-muted">{c.label}</span>
                  <span className="text-2xl font-bold text-ink">{c.value}</span>
                  {c.hint ? <span className="text-xs text-muted">{c.hint}</span> : null}
                  {c.href ? (
                    <Link
                      href={c.href}
                      className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
                    >
                      Open<span className="sr-only"> {c.label.toLowerCase()}</span>
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
            <ReconcileLines run={data.reconcile} />
          </>
        )}
      </LoadStates>
    </OpsSection>
  );
}

/** What the latest payments reconcile found, a line each, as `npm run payments:reconcile` prints them. */
function ReconcileLines({ run }: { run: OpsTodayJson["reconcile"] }) {
  if (!run?.differences) return null;
  return (
    <section
      aria-labelledby="reconcile-title"
      className="grid gap-2 rounded-2xl border border-red-200 bg-red-50 p-4"
    >
      <h3 id="reconcile-title" className="font-semibold text-ink">
        Payments reconcile, {formatDateTime(run.at)}: {differences(run.differences)}
      </h3>
      <ul className="grid list-disc gap-1 pl-5 text-sm break-words text-ink">
        {run.lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {run.differences > run.lines.length ? (
        <p className="text-sm text-muted">
          and {run.differences - run.lines.length} more: run npm run payments:reconcile for every
          line
        </p>
      ) : null}
    </section>
  );
}

const differences = (n: number) => `${n} ${n === 1 ? "difference" : "differences"}`;

function cardsOf(data: OpsTodayJson): Card[] {
  const run = data.reconcile;
  return [
    {
      label: "Orders placed (24 h)",
      value: String(data.placed),
      hint: "Placed in the last 24 hours, cancelled ones included",
    },
    {
      label: "Orders handed over (24 h)",
      value: String(data.orders),
      hint: FIGURE_DEFINITIONS.orders,
    },
    { label: "Sales (24 h)", value: formatCurrency(data.sales), hint: FIGURE_DEFINITIONS.sales },
    {
      label: "Commission (24 h)",
      value: formatCurrency(data.commission),
      hint: FIGURE_DEFINITIONS.commission,
    },
    {
      label: "Failed card payments (24 h)",
      value: String(data.failedPayments),
      alert: data.failedPayments > 0,
    },
    {
      label: "Failed transfers",
      value: String(data.failedTransfers),
      href: "/ops/payouts",
      alert: data.failedTransfers > 0,
    },
    {
      label: "Manual payouts waiting",
      value: String(data.manualPayoutsWaiting),
      href: "/ops/payouts",
    },
    { label: "Emails waiting", value: String(data.emails.waiting), href: "/ops/outboxes" },
    {
      label: "Emails failed",
      value: String(data.emails.failed),
      href: "/ops/outboxes",
      alert: data.emails.failed > 0,
    },
    { label: "Sheets rows waiting", value: String(data.sheets.waiting), href: "/ops/outboxes" },
    {
      label: "Sheets rows failed",
      value: String(data.sheets.failed),
      href: "/ops/outboxes",
      alert: data.sheets.failed > 0,
    },
    {
      label: "Wallets on hold",
      value: String(data.walletsOnHold),
      href: "/ops/people#on-hold",
      alert: data.walletsOnHold > 0,
    },
    {
      label: run?.against === "demo" ? "Payments reconcile (our books)" : "Payments reconcile",
      value: !run ? "Not run yet" : run.differences ? differences(run.differences) : "Clean",
      alert: !!run?.differences,
    },
    {
      label: "Applications waiting",
      value: String(data.applicationsWaiting),
      href: "/ops/business",
    },
  ];
}
