"use client";
import { ShoppingBasket } from "lucide-react";
import { useCart } from "@/components/cart/cart-provider";
import { stepOf } from "@/components/cart/cart-reducer";
import { AddToCartButton } from "@/components/catalog/add-to-cart-button";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useUsualProducts } from "@/lib/client/resources";
import { formatCurrency } from "@/lib/format";
import type { UsualProductJson } from "@/lib/contracts/catalog";

/** "2 cases of 6" for a case-priced line, "3 lb" otherwise. */
function usualLabel(p: UsualProductJson): string {
  const step = stepOf(p);
  if (step === 1) return `${p.usual.quantity} ${p.unit}`;
  const cases = Math.ceil(p.usual.quantity / step);
  return `${cases} ${cases === 1 ? "case" : "cases"} of ${step}`;
}

/**
 * The Reorder tab's "Your usual items" (docs/product.md, "Reorder"): what the buyer orders most,
 * each one tap from the cart at its usual quantity, or all of them at once.
 */
export function UsualItems() {
  const { data } = useUsualProducts();
  const { addItems } = useCart();
  if (!data?.length) return null;
  const available = data.filter((p) => p.inStock);
  const addAll = () => {
    addItems(available.map((p) => ({ product: p, quantity: p.usual.quantity })));
    toast({
      title: "Added to Cart",
      description: `${available.length} usual ${available.length === 1 ? "item" : "items"} added to your cart`,
    });
  };
  return (
    <section
      aria-labelledby="usual-title"
      className="grid grid-cols-1 gap-3"
      data-testid="usual-items"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="usual-title" className="text-lg font-bold text-ink">
          Your usual items
        </h2>
        {available.length > 1 ? (
          <Button variant="secondary" size="sm" onClick={addAll} data-testid="usual-add-all">
            <ShoppingBasket aria-hidden className="h-4 w-4" />
            Add all to cart
          </Button>
        ) : null}
      </div>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {data.map((p) => (
          <li
            key={p.id}
            data-testid="usual-item"
            className="flex items-center gap-3 rounded-2xl border border-gray-200 bg-white p-3"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-ink">{p.name}</p>
              <p className="truncate text-xs text-muted">{p.farm.farmName}</p>
              <p className="text-sm text-ink">
                Usually {usualLabel(p)} ·{" "}
                <span className="text-muted">
                  {formatCurrency(p.price)} / {p.unit}
                </span>
              </p>
            </div>
            <AddToCartButton product={p} quantity={p.usual.quantity} />
          </li>
        ))}
      </ul>
    </section>
  );
}
