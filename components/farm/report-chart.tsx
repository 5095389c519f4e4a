import { useId } from "react";

export type Bar = { key: string; label: string; value: number; valueLabel: string };

const W = 360;
const ROW = 30;
const LABEL_W = 118;
const VALUE_W = 74;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * A horizontal bar chart as inline SVG (no chart library). It is one labelled image: its name
 * says what it shows, and the table next to it is the text alternative with every figure.
 */
export function ReportBarChart({ name, bars }: { name: string; bars: Bar[] }) {
  const titleId = useId();
  const max = Math.max(0, ...bars.map((b) => b.value));
  const height = Math.max(1, bars.length) * ROW + 4;
  const track = W - LABEL_W - VALUE_W;
  return (
    <svg
      viewBox={`0 0 ${W} ${height}`}
      role="img"
      aria-labelledby={titleId}
      className="h-auto w-full"
      data-testid="report-chart"
    >
      <title id={titleId}>{`${name}: bar chart, figures in the table beside it`}</title>
      {bars.map((b, i) => {
        const y = i * ROW + 4;
        const w = max > 0 ? Math.max(b.value > 0 ? 2 : 0, (b.value / max) * track) : 0;
        return (
          <g key={b.key}>
            <text x={0} y={y + 17} className="fill-gray-700 text-[12px]">
              {clip(b.label, 17)}
            </text>
            <rect
              x={LABEL_W}
              y={y + 4}
              width={w}
              height={ROW - 10}
              rx={4}
              className="fill-brand-600"
            />
            <text x={LABEL_W + w + 6} y={y + 17} className="fill-ink text-[12px]">
              {b.valueLabel}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
