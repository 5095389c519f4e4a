import { FIGURE_DEFINITIONS, type FigureName } from "@/lib/figures";

const LABELS: Record<FigureName, string> = {
  orders: "Orders",
  sales: "Sales",
  commission: "Commission",
  net: "Net",
};

/** What each figure on the screen counts: the same words on My Farm, Reports, Payouts and ops. */
export function FigureDefinitions({ names }: { names: FigureName[] }) {
  return (
    <details className="text-sm text-muted">
      <summary className="cursor-pointer font-semibold text-ink">What these figures count</summary>
      <dl className="mt-2 grid gap-1">
        {names.map((name) => (
          <div key={name}>
            <dt className="inline font-semibold text-ink">{LABELS[name]}: </dt>
            <dd className="inline">{FIGURE_DEFINITIONS[name]}.</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
