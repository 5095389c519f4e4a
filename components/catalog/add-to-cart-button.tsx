"use client";
import { useCart } from "@/components/cart/cart-provider";
import type { CartProduct } from "@/components/cart/cart-reducer";
import { cn } from "@/lib/cn";
import { canAddToCart } from "./badge";
import { Icon } from "@/components/ui/icon";

/** The one interactive leaf of a product card. Out of stock → disabled. */
export function AddToCartButton({
  product,
  className,
  full,
  quantity,
}: {
  product: CartProduct;
  className?: string;
  full?: boolean;
  /** How much one press adds (the product page's quantity); one step when absent. */
  quantity?: number;
}) {
  const { addItem } = useCart();
  const enabled = canAddToCart(product);
  return (
    <button
      type="button"
      disabled={!enabled}
      onClick={() => addItem(product, quantity)}
      // The full button's name starts with its visible text (WCAG 2.5.3); the icon-only one names the product.
      aria-label={
        full
          ? `${enabled ? "Add to cart" : "Out of stock"}: ${product.name}`
          : enabled
            ? `Add ${product.name} to cart`
            : `${product.name} is out of stock`
      }
      className={cn(
        "inline-flex items-center justify-center gap-1.5 rounded-full bg-brand-700 font-semibold text-white transition-colors hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700",
        full ? "h-11 px-5 text-sm" : "h-9 w-9",
        className,
      )}
    >
      <Icon name="plus" className="h-5 w-5" />
      {full ? (enabled ? "Add to cart" : "Out of stock") : null}
    </button>
  );
}
