"use client";
import { useEffect, useState, useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import { useSearchParams } from "next/navigation";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { HeadedSection } from "@/components/ui/headed-section";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadError } from "@/components/ui/load-error";
import { messageOf } from "@/lib/client/api";
import { useSeededSWR } from "@/lib/client/data";
import { percentLabel } from "@/lib/commission";
import { formatCurrency, formatDay, formatSlotDay } from "@/lib/format";
import {
  DEFAULT_PRESET,
  PRESETS,
  reportPresets,
  reportToday,
  type PresetId,
  type ReportPeriod,
} from "@/lib/report-period";
import { reportPeriodSchema } from "@/lib/validators/farm";
import type { SalesChannel, SalesReportJson, TaxReportJson } from "@/lib/contracts/farm";
import { ReportBarChart } from "./report-chart";
import { ReportPanel } from "./report-panel";
import { FigureDefinitions } from "./figure-definitions";

const CHANNELS: Record<SalesChannel, string> = {
  shoppers: "Shoppers",
  restaurants: "Restaurants",
  standing: "Standing orders",
  account: "On account",
};
const PRODUCTS_SHOWN = 10;

const query = (p: ReportPeriod) => `from=${p.from}&to=${p.to}`;
const weekDay = (week: string) => formatSlotDay(`${week}T00:00`);
const weekLabel = (week: string) => `Week of ${weekDay(week)}`;
const longDay = formatDay;

/** A report's line: the table's first cell (`barLabel`, when shorter, names its bar), a count, an amount. */
type ReportRow = { key: string; label: string; barLabel?: string; count: number; amount: number };

/** One report: its heading, the chart of the amounts and, beside it, the table with the same figures. */
function ReportCard({
  id,
  title,
  caption = title,
  head,
  rows,
  download,
}: {
  id: string;
  title: string;
  caption?: string;
  head: string[];
  rows: ReportRow[];
  download?: ReactNode;
}) {
  const bars = rows.map((r) => ({
    key: r.key,
    label: r.barLabel ?? r.label,
    value: r.amount,
    valueLabel: formatCurrency(r.amount),
  }));
  return (
    <ReportPanel id={id} title={title} aside={download}>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <ReportBarChart name={title} bars={bars} />
        <div className="overflow-x-auto">
          <Table
            caption={caption}
            head={head}
            rows={rows.map((r) => ({
              key: r.key,
              cells: [r.label, r.count, formatCurrency(r.amount)],
            }))}
          />
        </div>
      </div>
    </ReportPanel>
  );
}

function Table({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-gray-200">
          {head.map((h, i) => (
            <th
              key={h}
              scope="col"
              className={i === 0 ? "py-1.5 pr-2 font-semibold" : "py-1.5 text-right font-semibold"}
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-b border-gray-100">
            {r.cells.map((c, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-1.5 pr-2 font-normal">
                  {c}
                </th>
              ) : (
                <td key={i} className="py-1.5 text-right tabular-nums">
                  {c}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CsvLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      download
      className="inline-flex min-h-10 items-center gap-1.5 rounded-lg text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
    >
      <Download aria-hidden className="h-4 w-4" />
      {children}
    </a>
  );
}

const noSubscription = () => () => {};

/** The page's section, the same while loading. */
const REPORTS_SECTION = {
  titleId: "reports-title",
  title: "Reports",
  titleClassName: "text-xl font-bold text-ink",
  className: "grid gap-6",
};

/** The page before the browser knows today and the address's period (it is prerendered). */
export function ReportsLoading() {
  return (
    <HeadedSection {...REPORTS_SECTION}>
      <p role="status" className="text-sm text-muted">
        Loading reports...
      </p>
    </HeadedSection>
  );
}

/**
 * My Farm → Reports from the address: `?from=&to=` when they make a period, else the last 4 weeks
 * of the farm's today, read in the browser (a prerendered page has no day of its own).
 */
export function ReportsPage() {
  const params = useSearchParams();
  const today = useSyncExternalStore(noSubscription, reportToday, () => null);
  if (!today) return <ReportsLoading />;
  const presets = reportPresets(today);
  const asked = reportPeriodSchema.safeParse(Object.fromEntries(params));
  const period = asked.success
    ? { from: asked.data.from, to: asked.data.to }
    : presets[DEFAULT_PRESET];
  return (
    <ReportsView
      initialPeriod={period}
      presets={presets}
      today={today}
      initialSales={null}
      initialTax={null}
    />
  );
}

/** My Farm → Reports: a period, its sales by week, product, channel and customer, taxes, exports. */
export function ReportsView({
  initialPeriod,
  presets,
  today,
  initialSales,
  initialTax,
}: {
  initialPeriod: ReportPeriod;
  presets: Record<PresetId, ReportPeriod>;
  today: string;
  initialSales: SalesReportJson | null;
  initialTax: TaxReportJson | null;
}) {
  const [period, setPeriod] = useState(initialPeriod);
  const [draft, setDraft] = useState(initialPeriod);
  const [formError, setFormError] = useState<string | null>(null);
  const first = period.from === initialPeriod.from && period.to === initialPeriod.to;
  const salesKey = `/api/my-farm/reports/sales?${query(period)}`;
  const taxKey = `/api/my-farm/reports/tax?${query(period)}`;
  const sales = useSeededSWR<SalesReportJson>(salesKey, first ? initialSales : null);
  const tax = useSeededSWR<TaxReportJson>(taxKey, first ? initialTax : null);

  useEffect(() => {
    const url = new URL(window.location.href);
    url.searchParams.set("from", period.from);
    url.searchParams.set("to", period.to);
    window.history.replaceState(window.history.state, "", url);
  }, [period]);

  const choose = (p: ReportPeriod) => {
    setFormError(null);
    setDraft(p);
    setPeriod(p);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.from || !draft.to) return setFormError("Choose both days");
    if (draft.from > draft.to) return setFormError("The first day must not be after the last");
    const days = (Date.parse(draft.to) - Date.parse(draft.from)) / 86_400_000;
    if (days > 366) return setFormError("A report covers at most a year");
    choose({ ...draft });
  };
  const activePreset = PRESETS.find(
    (p) => presets[p.id].from === period.from && presets[p.id].to === period.to,
  )?.id;

  const s =
    sales.data && sales.data.from === period.from && sales.data.to === period.to
      ? sales.data
      : null;
  const t =
    tax.data && tax.data.from === period.from && tax.data.to === period.to ? tax.data : null;
  const error = sales.error ?? tax.error;

  return (
    <HeadedSection
      {...REPORTS_SECTION}
      intro={
        <p className="text-sm text-muted">
          Orders completed in the period, before tax unless said. Amounts in USD.
        </p>
      }
    >
      <form
        onSubmit={submit}
        aria-label="Report period"
        className="grid gap-3 rounded-2xl bg-brand-50 p-4"
        noValidate
      >
        <div className="flex flex-wrap gap-2" role="group" aria-label="Quick choices">
          {PRESETS.map((p) => (
            <Button
              key={p.id}
              type="button"
              size="sm"
              variant={activePreset === p.id ? "primary" : "outline"}
              aria-pressed={activePreset === p.id}
              onClick={() => choose(presets[p.id])}
            >
              {p.label}
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor="report-from">From</Label>
            <Input
              id="report-from"
              type="date"
              value={draft.from}
              max={today}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
              className="w-44"
              aria-describedby={formError ? "report-period-error" : undefined}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="report-to">To</Label>
            <Input
              id="report-to"
              type="date"
              value={draft.to}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
              className="w-44"
              aria-describedby={formError ? "report-period-error" : undefined}
            />
          </div>
          <Button type="submit">Show period</Button>
        </div>
        {formError ? (
          <p id="report-period-error" role="alert" className="text-sm font-medium text-red-700">
            {formError}
          </p>
        ) : null}
      </form>

      <p className="text-sm font-semibold text-ink" data-testid="report-period">
        {longDay(period.from)} – {longDay(period.to)}
      </p>

      {error && (!s || !t) ? (
        <LoadError
          message={messageOf(error, "Failed to load your reports")}
          onRetry={() => {
            void sales.mutate();
            void tax.mutate();
          }}
        />
      ) : !s || !t ? (
        <p role="status" className="text-sm text-muted">
          Loading reports...
        </p>
      ) : (
        <Reports sales={s} tax={t} period={period} />
      )}
    </HeadedSection>
  );
}

function Reports({
  sales,
  tax,
  period,
}: {
  sales: SalesReportJson;
  tax: TaxReportJson;
  period: ReportPeriod;
}) {
  const q = query(period);
  const salesCsv = (group: "week" | "product" | "channel") =>
    `/api/my-farm/reports/sales?${q}&group=${group}&format=csv`;
  const taxSummary = (
    <ReportPanel
      id="tax"
      title="Tax summary"
      aside={
        <CsvLink href={`/api/my-farm/reports/tax?${q}&format=csv`}>
          Download tax summary (CSV)
        </CsvLink>
      }
    >
      <Table
        caption="Tax summary for the period"
        head={["Figure", "Amount"]}
        rows={[
          { key: "sales", cells: ["Sales before tax", formatCurrency(tax.sales)] },
          { key: "taxable", cells: ["Sales that carried GST", formatCurrency(tax.taxableSales)] },
          ...(tax.taxes.length
            ? tax.taxes.map((x) => ({
                key: x.name,
                cells: [`${x.name} collected (${percentLabel(x.rate)})`, formatCurrency(x.amount)],
              }))
            : [{ key: "none", cells: ["GST and PST collected", formatCurrency(0)] }]),
          { key: "commission", cells: ["Fieldfare commission", formatCurrency(tax.commission)] },
          {
            key: "gst-commission",
            cells: ["GST paid on commission", formatCurrency(tax.gstOnCommission)],
          },
        ]}
      />
    </ReportPanel>
  );
  const downloads = (
    <section
      aria-labelledby="downloads-title"
      className="grid gap-2 rounded-2xl border border-gray-200 p-4 md:p-6"
    >
      <h3 id="downloads-title" className="text-lg font-bold text-ink">
        Downloads
      </h3>
      <p className="text-sm text-muted">
        Invoices of the period&apos;s sales, commission and payouts, each line with its own tax
        code, ready to import.
      </p>
      <ul className="flex flex-wrap gap-x-6 gap-y-1">
        <li>
          <CsvLink href={`/api/my-farm/exports/quickbooks.csv?${q}`}>
            QuickBooks Online (CSV)
          </CsvLink>
        </li>
        <li>
          <CsvLink href={`/api/my-farm/exports/xero.csv?${q}`}>Xero (CSV)</CsvLink>
        </li>
        <li>
          <CsvLink href={salesCsv("product")}>Sales by product and week (CSV)</CsvLink>
        </li>
      </ul>
    </section>
  );

  if (sales.orders === 0) {
    return (
      <div className="grid gap-6">
        <p
          role="status"
          className="rounded-2xl border border-dashed border-gray-300 p-6 text-center text-muted"
        >
          No sales in this period
        </p>
        {taxSummary}
        {downloads}
      </div>
    );
  }

  const products = sales.products.slice(0, PRODUCTS_SHOWN);
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {[
          ["Sales before tax", formatCurrency(sales.sales), "report-sales"],
          ["Taxes collected", formatCurrency(sales.taxes), "report-taxes"],
          ["Total with tax", formatCurrency(sales.total), "report-total"],
          ["Orders", String(sales.orders), "report-orders"],
          ["Commission", formatCurrency(sales.commission), "report-commission"],
          ["Net", formatCurrency(sales.net), "report-net"],
        ].map(([label, value, testId]) => (
          <div key={label} className="rounded-xl bg-brand-50 p-3">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-lg font-bold text-ink" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <FigureDefinitions names={["orders", "sales", "commission", "net"]} />

      <ReportCard
        id="by-week"
        title="Sales by week"
        head={["Week", "Orders", "Sales"]}
        rows={sales.weeks.map((w) => ({
          key: w.week,
          label: weekLabel(w.week),
          barLabel: weekDay(w.week),
          count: w.orders,
          amount: w.sales,
        }))}
        download={<CsvLink href={salesCsv("week")}>CSV</CsvLink>}
      />

      <ReportCard
        id="by-product"
        title="Sales by product"
        caption="Sales by product (goods before tax)"
        head={["Product", "Sold", "Goods"]}
        rows={products.map((p) => ({
          key: String(p.productId),
          label: p.name,
          count: p.quantity,
          amount: p.goods,
        }))}
        download={<CsvLink href={salesCsv("product")}>CSV by week</CsvLink>}
      />

      <ReportCard
        id="by-channel"
        title="Sales by channel"
        head={["Channel", "Orders", "Sales"]}
        rows={sales.channels.map((c) => ({
          key: c.channel,
          label: CHANNELS[c.channel],
          count: c.orders,
          amount: c.sales,
        }))}
        download={<CsvLink href={salesCsv("channel")}>CSV</CsvLink>}
      />

      <ReportCard
        id="top-customers"
        title="Top customers"
        caption="Top customers by sales"
        head={["Customer", "Orders", "Sales"]}
        rows={sales.topCustomers.map((c) => ({
          key: String(c.buyer.id),
          label: c.restaurant ? `${c.buyer.fullName} (restaurant)` : c.buyer.fullName,
          barLabel: c.buyer.fullName,
          count: c.orders,
          amount: c.sales,
        }))}
      />

      {taxSummary}
      {downloads}
    </div>
  );
}
