"use client";
import Link from "next/link";
import { Loader2, ShoppingCart } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CheckoutFarm } from "./checkout-farm";
import { CheckoutSummary } from "./checkout-summary";
import { useCheckout } from "./use-checkout";

function CheckoutEmpty() {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-ink">Checkout</h1>
      <div
        data-testid="checkout-empty"
        className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-gray-300 p-10 text-center"
      >
        <ShoppingCart aria-hidden className="h-10 w-10 text-brand-700" />
        <p className="font-semibold text-ink">Your cart is empty</p>
        <p className="text-sm text-muted">
          Add fresh produce from local farms, then come back to pay.
        </p>
        <Button asChild variant="secondary">
          <Link href="/home">Browse products</Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * /checkout: the cart split per farm (one order each), paid from the wallet or on account. The
 * state and the payment live in `useCheckout()`; farms that sell in windows ask for pickup or
 * delivery and a slot (docs/fulfilment.md), and delivery fees are part of the total shown.
 */
export function CheckoutView() {
  const checkout = useCheckout();
  const { groups, countText } = checkout;

  if (checkout.placed) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted">
        <Loader2 aria-hidden className="h-5 w-5 animate-spin" /> Opening your orders...
      </p>
    );
  }
  if (checkout.items.length === 0) return <CheckoutEmpty />;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="grid gap-4">
        <h1 className="text-2xl font-bold text-ink">Checkout</h1>
        <p className="text-sm text-muted">
          {countText} from {groups.length} {groups.length === 1 ? "farm" : "farms"}. Each farm gets
          its own order.
        </p>
        {groups.map((g) => (
          <CheckoutFarm key={g.farmId} group={g} checkout={checkout} />
        ))}
      </div>
      <CheckoutSummary checkout={checkout} />
    </div>
  );
}
