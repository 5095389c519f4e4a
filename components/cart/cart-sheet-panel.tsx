"use client";
import Link from "next/link";
import { Minus, Plus, ShoppingCart, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from "@/components/ui/sheet";
import { formatQuantity } from "@/lib/format";
import { formatCents, formatLinePrice } from "@/lib/money";
import { useCart } from "./cart-provider";
import { stepOf } from "./cart-reducer";
import { Picture, type PictureFrame } from "@/components/ui/picture";
import type { OnDemandDialogProps } from "@/components/ui/on-demand-dialog";

/** A cart line's product picture. */
const THUMBNAIL: PictureFrame = {
  width: 56,
  height: 56,
  className: "h-14 w-14 shrink-0 rounded-lg bg-brand-50",
  imgClassName: "h-full w-full object-contain p-1",
};

/**
 * The side sheet listing the cart, opened by the header's cart button (cart-sheet.tsx), which
 * loads this on demand; focus goes back to that button when it closes.
 */
export function CartSheetPanel({ open, onOpenChange, trigger }: OnDemandDialogProps) {
  const { items, itemCount, countText, totalCents, updateQuantity, removeItem, clearCart } =
    useCart();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        aria-describedby="cart-summary"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          trigger.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>Your cart</SheetTitle>
          <SheetDescription id="cart-summary">
            {itemCount === 0 ? "Your cart is empty." : `${countText} from local farms`}
          </SheetDescription>
        </SheetHeader>
        {items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 text-center text-muted">
            <ShoppingCart aria-hidden className="h-10 w-10" />
            <p>Add fresh produce from the home page to get started.</p>
            <SheetClose asChild>
              <Button asChild variant="secondary">
                <Link href="/home">Browse products</Link>
              </Button>
            </SheetClose>
          </div>
        ) : (
          <>
            <ul
              className="-mx-2 flex-1 divide-y divide-gray-100 overflow-y-auto px-2"
              aria-label="Cart items"
            >
              {items.map(({ product, quantity }) => (
                <li
                  key={product.id}
                  data-testid="cart-item"
                  className="flex items-center gap-3 py-3"
                >
                  <Picture src={product.image} {...THUMBNAIL} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold text-ink">{product.name}</p>
                    <p className="truncate text-xs text-muted">{product.farm.farmName}</p>
                    <p className="text-sm text-ink">
                      {formatLinePrice(product.price, product.unit, stepOf(product))}
                    </p>
                    {stepOf(product) > 1 ? (
                      <p className="text-xs text-muted" data-testid="cart-cases">
                        {formatQuantity(quantity, product.unit, stepOf(product))}
                      </p>
                    ) : null}
                  </div>
                  <div
                    className="flex items-center gap-1"
                    role="group"
                    aria-label={`Quantity of ${product.name}`}
                  >
                    <button
                      type="button"
                      aria-label={`Decrease quantity of ${product.name}`}
                      onClick={() => updateQuantity(product.id, quantity - stepOf(product))}
                      className="flex h-9 w-9 items-center justify-center rounded-full border border-gray-300 hover:bg-gray-50"
                    >
                      <Minus aria-hidden className="h-4 w-4" />
                    </button>
                    {/* Cases for a case-priced line: + and − move by one case. */}
                    <span
                      className="w-7 text-center text-sm font-semibold tabular-nums"
                      data-testid="cart-quantity"
                      aria-live="polite"
                    >
                      {quantity / stepOf(product)}
                      {stepOf(product) > 1 ? (
                        <span className="sr-only">
                          {" "}
                          {quantity === stepOf(product) ? "case" : "cases"}
                        </span>
                      ) : null}
                    </span>
                    <button
                      type="button"
                      aria-label={`Increase quantity of ${product.name}`}
                      onClick={() => updateQuantity(product.id, quantity + stepOf(product))}
                      className="flex h-9 w-9 items-center justify-center rounded-full border border-gray-300 hover:bg-gray-50"
                    >
                      <Plus aria-hidden className="h-4 w-4" />
                    </button>
                    <button
                      type="button"
                      aria-label={`Remove ${product.name} from cart`}
                      onClick={() => removeItem(product.id)}
                      className="ml-1 flex h-9 w-9 items-center justify-center rounded-full text-red-700 hover:bg-red-50"
                    >
                      <Trash2 aria-hidden className="h-4 w-4" />
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <div className="grid gap-3 border-t border-gray-200 pt-4" data-toast-clear>
              <div className="flex items-center justify-between text-base font-bold">
                <span>Total</span>
                <span data-testid="cart-total">{formatCents(totalCents)}</span>
              </div>
              <SheetClose asChild>
                <Button asChild size="lg">
                  <Link href="/checkout">Checkout</Link>
                </Button>
              </SheetClose>
              <Button
                variant="ghost"
                onClick={() => {
                  // Close the sheet too: the toast's Undo must not sit behind a modal layer.
                  onOpenChange(false);
                  clearCart();
                }}
              >
                Clear cart
              </Button>
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
