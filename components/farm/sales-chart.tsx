import { formatCurrency, formatSlotDay, formatSlotWeekday } from "@/lib/format";
import { TableHead } from "@/components/ui/table";
import type { WeeklySalesJson } from "@/lib/contracts/farm";
import { ReportPanel } from "./report-panel";
import { FigureDefinitions } from "./figure-definitions";

const W = 560;
const H = 180;
const PAD_BOTTOM = 28;
const PAD_TOP = 20;

const dayLabel = (date: string) => formatSlotWeekday(`${date}T00:00`);
const longDay = (date: string) => formatSlotDay(`${date}T00:00`);

/**
 * This week's sales as an inline SVG bar chart (no chart library). The SVG is one labelled image
 * for screen readers; the same numbers sit in a table right below it (visually compact), so
 * nothing depends on seeing the bars.
 */
export function SalesChart({ sales }: { sales: WeeklySalesJson }) {
  const max = Math.max(...sales.days.map((d) => d.total), 0);
  const slot = W / sales.days.length;
  const barW = slot * 0.6;
  const usable = H - PAD_BOTTOM - PAD_TOP;
  return (
    <ReportPanel
      id="sales"
      title="Sales this week"
      heading="h2"
      aside={
        <p className="text-sm text-muted">
          <span data-testid="sales-total" className="text-lg font-bold text-ink">
            {formatCurrency(sales.total)}
          </span>{" "}
          from {sales.orders} {sales.orders === 1 ? "order" : "orders"} handed over
        </p>
      }
    >
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="sales-chart-title sales-chart-desc"
        className="h-auto w-full"
      >
        <title id="sales-chart-title">Sales per day over the last 7 days</title>
        <desc id="sales-chart-desc">
          {sales.days.map((d) => `${longDay(d.date)}: ${formatCurrency(d.total)}`).join("; ")}
        </desc>
        <line
          x1={0}
          x2={W}
          y1={H - PAD_BOTTOM}
          y2={H - PAD_BOTTOM}
          stroke="#9ca3af"
          strokeWidth={1}
        />
        {sales.days.map((d, i) => {
          const h = max > 0 ? Math.max(d.total > 0 ? 2 : 0, (d.total / max) * usable) : 0;
          const x = i * slot + (slot - barW) / 2;
          const y = H - PAD_BOTTOM - h;
          return (
            <g key={d.date}>
              <rect x={x} y={y} width={barW} height={h} rx={4} className="fill-brand-600" />
              {d.total > 0 ? (
                <BarText x={x + barW / 2} y={y - 6} className="fill-ink text-[11px]">
                  {formatCurrency(d.total)}
                </BarText>
              ) : null}
              <BarText x={x + barW / 2} y={H - 8} className="fill-gray-700 text-[12px]">
                {dayLabel(d.date)}
              </BarText>
            </g>
          );
        })}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-800">Show as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">Sales per day over the last 7 days</caption>
          <TableHead
            columns={[
              "Day",
              "Orders",
              { label: "Sales", className: "py-1.5 text-right font-semibold" },
            ]}
            rowClassName="border-b border-gray-200"
            cellClassName="py-1.5 font-semibold"
          />
          <tbody>
            {sales.days.map((d) => (
              <tr key={d.date} className="border-b border-gray-100">
                <th scope="row" className="py-1.5 font-normal">
                  {longDay(d.date)}
                </th>
                <td className="py-1.5">{d.orders}</td>
                <td className="py-1.5 text-right">{formatCurrency(d.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <FigureDefinitions names={["orders", "sales"]} />
    </ReportPanel>
  );
}

/** A label centred above or below a bar: its amount, its day. */
function BarText({
  x,
  y,
  className,
  children,
}: {
  x: number;
  y: number;
  className: string;
  children: string;
}) {
  return (
    <text x={x} y={y} textAnchor="middle" className={className}>
      {children}
    </text>
  );
}
