"use client";
import { usePaymentsConfig } from "@/lib/client/resources";
import { useWatch, type Control } from "react-hook-form";
import type { z } from "zod";
import type { productSchema } from "@/lib/validators/farm";
import { commissionOf, percentLabel } from "@/lib/commission";
import { dollarsToCents, formatCents } from "@/lib/money";

/** Fieldfare's rate until /api/payments/config answers (docs/money.md). */
const DEFAULT_RATE = 0.08;

/** Under the product's price: what the farm keeps of it after the commission. */
export function YouReceive({
  id,
  control,
}: {
  id: string;
  control: Control<z.input<typeof productSchema>, unknown, z.output<typeof productSchema>>;
}) {
  const price: unknown = useWatch({ control, name: "price" });
  const { data } = usePaymentsConfig();
  const rate = data?.commissionRate ?? DEFAULT_RATE;
  const cents =
    typeof price === "number" && Number.isFinite(price) && price > 0 ? dollarsToCents(price) : 0;
  const net = cents - commissionOf(cents, Math.round(rate * 10_000));
  return (
    <p id={id} className="text-sm text-muted" data-testid="product-price-net">
      You receive {formatCents(net)} after Fieldfare&apos;s {percentLabel(rate)} commission
    </p>
  );
}
