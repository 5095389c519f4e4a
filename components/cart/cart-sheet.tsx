"use client";
import { CountBadge } from "@/components/app-shell/count-badge";
import { Icon } from "@/components/ui/icon";
import { onDemand } from "@/components/ui/on-demand";
import { OnDemandDialogButton } from "@/components/ui/on-demand-dialog";
import { useCart } from "./cart-provider";

const panel = onDemand(() => import("./cart-sheet-panel").then((m) => m.CartSheetPanel));

/**
 * The header's cart button (real item count). The side sheet listing the cart (a Radix Dialog) is
 * fetched when someone reaches for the button and shown when they press it (ui/on-demand.ts).
 */
export function CartSheet() {
  const { itemCount, countText } = useCart();
  // The badge's number is visible text, so the name carries it too (axe: label-content-name-mismatch);
  // a cart of cases and loose items ("1 case + 1 item") leads with no single number of its own.
  const name = countText.startsWith(`${itemCount} `)
    ? `Cart, ${countText}`
    : `Cart, ${itemCount}: ${countText}`;
  return (
    <OnDemandDialogButton
      dialog={panel}
      aria-label={name}
      data-testid="cart-button"
      className="relative flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-gray-100"
    >
      <Icon name="shopping-cart" className="h-6 w-6" />
      <CountBadge count={itemCount} testId="cart-count" />
    </OnDemandDialogButton>
  );
}
