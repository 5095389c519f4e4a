"use client";
import { useRef, useState } from "react";
import { CountBadge } from "@/components/app-shell/count-badge";
import { Icon } from "@/components/ui/icon";
import { onDemand, useOnDemand } from "@/components/ui/on-demand";
import { useCart } from "./cart-provider";

const panel = onDemand(() => import("./cart-sheet-panel").then((m) => m.CartSheetPanel));

/**
 * The header's cart button (real item count). The side sheet listing the cart (a Radix Dialog) is
 * fetched when someone reaches for the button and shown when they press it (ui/on-demand.ts).
 */
export function CartSheet() {
  const { itemCount } = useCart();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { Component: Panel, open: load } = useOnDemand(panel);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`Cart, ${itemCount} ${itemCount === 1 ? "item" : "items"}`}
        data-testid="cart-button"
        onPointerEnter={panel.preload}
        onTouchStart={panel.preload}
        onFocus={panel.preload}
        onClick={async () => setOpen(await load())}
        className="relative flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-gray-100"
      >
        <Icon name="shopping-cart" className="h-6 w-6" />
        <CountBadge count={itemCount} testId="cart-count" />
      </button>
      {Panel ? <Panel open={open} onOpenChange={setOpen} trigger={trigger} /> : null}
    </>
  );
}
