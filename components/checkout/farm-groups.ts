import type { CartItem } from "@/components/cart/cart-reducer";
import { ApiError } from "@/lib/client/api";
import { lineCents } from "@/lib/money";

/** One farm's part of the cart, which becomes one order; amounts in integer cents (lib/money.ts). */
export type FarmGroup = {
  farmId: number;
  farmName: string;
  items: CartItem[];
  subtotalCents: number;
};

/** The cart split per farm, in the order the farms first appear in it. */
export function byFarm(items: CartItem[]): FarmGroup[] {
  const groups = new Map<number, FarmGroup>();
  for (const item of items) {
    const g = groups.get(item.product.farm.id) ?? {
      farmId: item.product.farm.id,
      farmName: item.product.farm.farmName,
      items: [],
      subtotalCents: 0,
    };
    g.items.push(item);
    g.subtotalCents += lineCents(item.product.price, item.quantity);
    groups.set(g.farmId, g);
  }
  return [...groups.values()];
}

/** The refusals checkout shows next to a farm (its slot, minimum or zone) rather than as a toast. */
export const FULFILMENT_ERRORS = [
  "slot_required",
  "slot_closed",
  "slot_full",
  "below_minimum",
  "validation",
] as const;

/** The server's refusal per farm: `errors` keys `fulfilment.<farmId>…` name the farm. */
export function errorsByFarm(e: unknown): Record<number, string> {
  const found: Record<number, string> = {};
  if (!(e instanceof ApiError) || !e.errors) return found;
  for (const [key, message] of Object.entries(e.errors)) {
    const m = /^fulfilment\.(\d+)/.exec(key);
    if (m) found[Number(m[1])] ??= message;
  }
  return found;
}
