"use client";
import { Icon } from "@/components/ui/icon";
import { useEffect, useState, useSyncExternalStore } from "react";
import { cn } from "@/lib/cn";

export type Step = { title: string; text: string; image: string; alt: string };

/** docs/product.md: 4 s per step, cycling; the progress bar ticks every 100 ms. */
const STEP_MS = 4000;
const TICK_MS = 100;

const reducedQuery = "(prefers-reduced-motion: reduce)";
function subscribeReduced(cb: () => void) {
  const mq = window.matchMedia(reducedQuery);
  mq.addEventListener("change", cb);
  return () => mq.removeEventListener("change", cb);
}
const useReducedMotion = () =>
  useSyncExternalStore(
    subscribeReduced,
    () => window.matchMedia(reducedQuery).matches,
    () => false,
  );

export function HowItWorksCarousel({ steps }: { steps: Step[] }) {
  const [{ active, elapsed }, setPosition] = useState({ active: 0, elapsed: 0 });
  const [paused, setPaused] = useState(false);
  const [broken, setBroken] = useState<Record<number, boolean>>({});
  const reduced = useReducedMotion();
  const running = !paused && !reduced;

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => {
      setPosition((p) =>
        p.elapsed + TICK_MS < STEP_MS
          ? { active: p.active, elapsed: p.elapsed + TICK_MS }
          : { active: (p.active + 1) % steps.length, elapsed: 0 },
      );
    }, TICK_MS);
    return () => window.clearInterval(id);
  }, [running, steps.length]);

  const select = (i: number) => setPosition({ active: i, elapsed: 0 });
  const progress = Math.round((elapsed / STEP_MS) * 100);
  const step = steps[active];

  return (
    <div className="grid items-center gap-8 md:grid-cols-2">
      <div className="grid gap-3">
        <div role="tablist" aria-label="How it works steps" className="grid gap-3">
          {steps.map((s, i) => (
            <button
              key={s.title}
              type="button"
              role="tab"
              id={`hiw-tab-${i}`}
              aria-selected={i === active}
              aria-controls="hiw-panel"
              onClick={() => select(i)}
              className={cn(
                "rounded-xl border p-4 text-left transition-colors",
                i === active
                  ? "border-brand-600 bg-brand-50"
                  : "border-gray-200 bg-white hover:border-brand-300",
              )}
            >
              <span className="flex items-center gap-3">
                <span
                  aria-hidden
                  className={cn(
                    "inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold",
                    i === active ? "bg-brand-700 text-white" : "bg-brand-100 text-brand-800",
                  )}
                >
                  {i + 1}
                </span>
                <span className="text-lg font-semibold text-ink">{s.title}</span>
              </span>
              <span className="mt-2 block text-sm text-muted">{s.text}</span>
            </button>
          ))}
        </div>
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label="Time until the next step"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            data-testid="hiw-progress"
            className="h-2 flex-1 overflow-hidden rounded-full bg-brand-100"
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${progress}%` }} />
          </div>
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? "Play steps" : "Pause steps"}
            aria-pressed={paused}
            disabled={reduced}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-gray-300 text-ink hover:bg-gray-50 disabled:opacity-60"
          >
            {paused || reduced ? (
              <Icon name="play" className="h-4 w-4" />
            ) : (
              <Icon name="pause" className="h-4 w-4" />
            )}
          </button>
        </div>
      </div>
      <div
        id="hiw-panel"
        role="tabpanel"
        aria-labelledby={`hiw-tab-${active}`}
        data-testid="hiw-panel"
        data-step={active}
        className="relative aspect-[4/3] overflow-hidden rounded-2xl bg-brand-100"
      >
        {!broken[active] ? (
          // A plain <img> so a load failure can fall back to the pale green panel.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            key={step.image}
            src={step.image}
            alt={step.alt}
            width={640}
            height={480}
            loading="lazy"
            decoding="async"
            onError={() => setBroken((b) => ({ ...b, [active]: true }))}
            className="h-full w-full object-cover"
          />
        ) : (
          <p className="flex h-full items-center justify-center p-6 text-center text-lg font-semibold text-brand-900">
            {step.title}
          </p>
        )}
      </div>
    </div>
  );
}
