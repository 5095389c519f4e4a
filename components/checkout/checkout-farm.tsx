"use client";
import { CopyCheck, Store } from "lucide-react";
import { AmountRow } from "@/components/ui/amount-row";
import { Button } from "@/components/ui/button";
import { formatQuantity } from "@/lib/format";
import { percentLabel } from "@/lib/commission";
import { formatCents, formatLinePrice, lineCents } from "@/lib/money";
import { stepOf } from "@/components/cart/cart-reducer";
import { FarmFulfilment } from "./farm-fulfilment";
import type { FarmGroup } from "./farm-groups";
import { FarmPayment } from "./farm-payment";
import type { Checkout } from "./use-checkout";

/** One farm's part of the checkout (one order): its lines, subtotal, handover and payment. */
export function CheckoutFarm({ group: g, checkout: c }: { group: FarmGroup; checkout: Checkout }) {
  const s = c.states.get(g.farmId);
  const credit = c.creditAt.get(g.farmId);
  const taxes = c.taxesOf(g);
  return (
    <section
      aria-labelledby={`farm-${g.farmId}`}
      data-testid="checkout-farm"
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`farm-${g.farmId}`} className="flex items-center gap-2 font-semibold text-ink">
        <Store aria-hidden className="h-4 w-4 text-brand-700" />
        {g.farmName}
      </h2>
      <ul className="mt-3 divide-y divide-gray-100">
        {g.items.map(({ product, quantity }) => (
          <li key={product.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium text-ink">{product.name}</span>
              <span className="text-muted">
                {" "}
                · {formatQuantity(quantity, product.unit, stepOf(product))} @{" "}
                {formatLinePrice(product.price, product.unit, stepOf(product))}
              </span>
            </span>
            <span className="shrink-0 tabular-nums">
              {formatCents(lineCents(product.price, quantity))}
            </span>
          </li>
        ))}
      </ul>
      <AmountRow
        label="Subtotal"
        amount={formatCents(g.subtotalCents)}
        testId="checkout-subtotal"
        className="mt-2 flex justify-between border-t border-gray-100 pt-2 text-sm font-semibold"
      />
      {taxes.length ? (
        <ul aria-label={`Taxes charged by ${g.farmName}`} className="mt-1 grid gap-1 text-sm">
          {taxes.map((t) => (
            <li key={t.name} className="flex justify-between" data-testid="checkout-tax">
              <span className="text-muted">
                {t.name} {percentLabel(t.rateBps / 10_000)}
              </span>
              <span className="tabular-nums">{formatCents(t.amountCents)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {s ? (
        <FarmFulfilment
          farm={s.farm}
          state={s.state}
          choice={s.choice}
          onChange={(choice) => c.choose(g.farmId, choice)}
          addresses={c.addresses}
          showProblem={c.attempted}
          serverError={c.farmErrors[g.farmId] ?? null}
        />
      ) : null}
      {c.choosingFarms > 1 && s?.state.needsSlot && s.state.kind ? (
        <div className="mt-3 grid gap-2">
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => c.applyToAll(g.farmId)}
            data-testid="use-for-all"
          >
            <CopyCheck aria-hidden className="h-4 w-4" />
            Use for all farms
            <span className="sr-only">
              : {s.state.kind}
              {s.state.kind === "delivery" && s.state.address ? ` to ${s.state.address.label}` : ""}
              , as at {g.farmName}
            </span>
          </Button>
          {c.applied?.from === g.farmId ? (
            <p role="status" className="text-sm text-ink" data-testid="use-for-all-result">
              {c.applied.to.length
                ? `${s.state.kind === "delivery" ? "Delivery" : "Pickup"} chosen at ${c.applied.to.join(", ")}.`
                : "No other farm could take this choice."}
              {c.applied.skipped.map((reason) => (
                <span key={reason} className="block text-amber-800">
                  {reason}: choose there.
                </span>
              ))}
            </p>
          ) : null}
        </div>
      ) : null}
      {c.restaurant && s?.state.needsSlot ? (
        <label className="mt-3 flex min-h-11 items-center gap-2 border-t border-gray-100 pt-3 text-sm">
          <input
            type="checkbox"
            checked={c.repeat[g.farmId] ?? false}
            onChange={(e) => c.setRepeatFor(g.farmId, e.target.checked)}
            className="h-4 w-4 accent-brand-700"
            data-testid="checkout-repeat"
          />
          Repeat every week (a standing order for this day and place)
        </label>
      ) : null}
      {credit ? (
        <FarmPayment
          farmName={g.farmName}
          credit={credit}
          value={c.onAccount(g.farmId) ? "account" : "wallet"}
          orderTotalCents={c.farmTotalCents(g)}
          onChange={(method) => c.choosePayment(g.farmId, method)}
        />
      ) : null}
    </section>
  );
}
