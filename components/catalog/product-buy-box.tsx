"use client";
import { useState } from "react";
import { Minus, Plus } from "lucide-react";
import { useCart } from "@/components/cart/cart-provider";
import { maxQuantityOf, stepOf, type CartProduct } from "@/components/cart/cart-reducer";
import { AddToCartButton } from "./add-to-cart-button";
import { canAddToCart } from "./badge";

/** "3" for units, "2 cases of 10" for a case-priced line. */
function quantityLabel(quantity: number, step: number): string {
  if (step === 1) return String(quantity);
  const cases = quantity / step;
  return `${cases} ${cases === 1 ? "case" : "cases"} of ${step}`;
}

/**
 * The product page's quantity and Add button (docs/product.md). On a phone it stays in view as a
 * bar just above the bottom tabs; from 768 px it sits under the description.
 */
export function ProductBuyBox({ product }: { product: CartProduct }) {
  const { items } = useCart();
  const step = stepOf(product);
  const max = maxQuantityOf(product);
  const [quantity, setQuantity] = useState(step);
  const enabled = canAddToCart(product);
  const inCart = items.find((i) => i.product.id === product.id)?.quantity ?? 0;
  const stepper =
    "flex h-11 w-11 items-center justify-center rounded-full border border-gray-300 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <div
      data-testid="buy-box"
      data-toast-clear
      className="fixed inset-x-0 bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-20 border-t border-gray-200 bg-white px-4 py-3 md:static md:border-0 md:p-0 print:hidden"
    >
      <div className="mx-auto flex max-w-xl flex-wrap items-center gap-3 md:mx-0">
        <div
          role="group"
          aria-label={`Quantity of ${product.name}`}
          className="flex items-center gap-1"
        >
          <button
            type="button"
            aria-label="Decrease quantity"
            disabled={!enabled || quantity <= step}
            onClick={() => setQuantity((q) => Math.max(step, q - step))}
            className={stepper}
          >
            <Minus aria-hidden className="h-4 w-4" />
          </button>
          <span
            data-testid="buy-quantity"
            aria-live="polite"
            className="min-w-12 px-1 text-center text-sm font-semibold tabular-nums"
          >
            {quantityLabel(quantity, step)}
          </span>
          <button
            type="button"
            aria-label="Increase quantity"
            disabled={!enabled || quantity + step > max}
            onClick={() => setQuantity((q) => Math.min(max, q + step))}
            className={stepper}
          >
            <Plus aria-hidden className="h-4 w-4" />
          </button>
        </div>
        <AddToCartButton
          product={product}
          quantity={quantity}
          full
          className="flex-1 md:flex-none"
        />
        {inCart ? (
          <p className="w-full text-xs text-muted" data-testid="buy-in-cart">
            In your cart: {quantityLabel(inCart, step)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
