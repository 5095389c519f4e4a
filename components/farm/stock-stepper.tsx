"use client";
import type { ReactNode } from "react";
import { Minus, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { useStockSteps } from "./use-stock-steps";

/** The − / + on a product's stock with what it counts between them (Products and Today). */
export function StockStepper({
  product: p,
  stock,
  steps,
  countClassName,
  countTestId,
  children,
}: {
  product: { id: number; name: string; unit: string };
  /** The stock shown, taps not yet answered included: − stops at zero. */
  stock: number;
  steps: ReturnType<typeof useStockSteps>;
  countClassName: string;
  countTestId: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-1" role="group" aria-label={`Stock of ${p.name}`}>
      <Button
        variant="outline"
        size="icon"
        onClick={() => steps.step(p, -1)}
        disabled={stock <= 0}
        aria-label={`One ${p.unit} less of ${p.name}`}
      >
        <Minus aria-hidden className="h-4 w-4" />
      </Button>
      <span
        className={`${countClassName} text-center text-ink tabular-nums`}
        aria-live="polite"
        data-testid={countTestId}
      >
        {children}
      </span>
      <Button
        variant="outline"
        size="icon"
        onClick={() => steps.step(p, 1)}
        aria-label={`One ${p.unit} more of ${p.name}`}
      >
        <Plus aria-hidden className="h-4 w-4" />
      </Button>
    </div>
  );
}
