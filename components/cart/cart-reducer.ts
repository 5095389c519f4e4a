import { formatItemCount } from "@/lib/format";
import { lineCents, sumCents } from "@/lib/money";
import type { TaxClassName } from "@/lib/tax";

/**
 * Pure cart rules of docs/product.md (client side): adding a product adds one step (or the quantity
 * chosen on its page, in whole steps) to what the cart holds, a quantity ≤ 0 removes the item, remove and clear; a
 * step is one unit, or one case for a restaurant (docs/restaurants.md); totals are the
 * item count and the sum of price × quantity in cents. No React here so the rules are unit-tested alone.
 */
export type CartProduct = {
  id: number;
  name: string;
  /** Dollars, as the API sends them. */
  price: number;
  unit: string;
  image: string;
  farm: { id: number; farmName: string };
  inStock: boolean;
  /** Units per case for this buyer (restaurants buy whole cases); 1 or absent: single units. */
  caseSize?: number;
  /** The product's tax class, for checkout's tax preview; absent: zero-rated. */
  taxClass?: TaxClassName;
};

/** Keeps only what the cart needs from a product JSON (the whole API object may be passed). */
export function toCartProduct(p: CartProduct): CartProduct {
  return {
    id: p.id,
    name: p.name,
    price: p.price,
    unit: p.unit,
    image: p.image,
    farm: { id: p.farm.id, farmName: p.farm.farmName },
    inStock: p.inStock,
    caseSize: p.caseSize ?? 1,
    ...(p.taxClass && p.taxClass !== "zero" ? { taxClass: p.taxClass } : {}),
  };
}

/** How far one press of + or − moves a line: a unit, or a case. */
export const stepOf = (p: Pick<CartProduct, "caseSize">) =>
  Math.max(1, Math.floor(p.caseSize ?? 1));

/** The largest quantity a line may hold: MAX_QUANTITY, rounded down to whole cases (at least one case). */
export const maxQuantityOf = (p: Pick<CartProduct, "caseSize">) =>
  Math.max(stepOf(p), Math.floor(MAX_QUANTITY / stepOf(p)) * stepOf(p));

export type CartItem = { product: CartProduct; quantity: number };
export type CartState = { items: CartItem[] };

export type CartAction =
  | { type: "add"; product: CartProduct; quantity?: number }
  | { type: "setQuantity"; productId: number; quantity: number }
  | { type: "remove"; productId: number }
  | { type: "clear" }
  /** Lines added at once (Order again): quantities add to what the cart holds, capped per line. */
  | { type: "addMany"; lines: CartItem[] }
  | { type: "replace"; items: CartItem[] };

/** A cart line never exceeds this, so a stuck key or a tampered store cannot build absurd orders. */
export const MAX_QUANTITY = 99;

export const emptyCart: CartState = { items: [] };

/** `q` rounded up to a whole number of steps (a case-priced line never holds part of a case). */
const roundUp = (q: number, step: number) => Math.ceil(q / step) * step;

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case "add": {
      const existing = state.items.find((i) => i.product.id === action.product.id);
      const step = stepOf(action.product);
      const added = roundUp(Math.max(1, Math.floor(action.quantity ?? step)), step);
      const max = maxQuantityOf(action.product);
      if (existing) {
        return {
          items: state.items.map((i) =>
            i.product.id === action.product.id
              ? {
                  product: action.product,
                  quantity: Math.min(max, roundUp(i.quantity, step) + added),
                }
              : i,
          ),
        };
      }
      return {
        items: [...state.items, { product: action.product, quantity: Math.min(max, added) }],
      };
    }
    case "setQuantity": {
      const q = Math.floor(action.quantity);
      if (!Number.isFinite(q) || q <= 0)
        return { items: state.items.filter((i) => i.product.id !== action.productId) };
      return {
        items: state.items.map((i) =>
          i.product.id === action.productId
            ? { ...i, quantity: Math.min(maxQuantityOf(i.product), roundUp(q, stepOf(i.product))) }
            : i,
        ),
      };
    }
    case "remove":
      return { items: state.items.filter((i) => i.product.id !== action.productId) };
    case "clear":
      return emptyCart;
    case "addMany":
      return action.lines.reduce<CartState>((state, line) => {
        const held = state.items.find((i) => i.product.id === line.product.id)?.quantity ?? 0;
        const others = state.items.filter((i) => i.product.id !== line.product.id);
        const quantity = Math.min(
          maxQuantityOf(line.product),
          roundUp(held + Math.max(1, Math.floor(line.quantity)), stepOf(line.product)),
        );
        return { items: [...others, { product: line.product, quantity }] };
      }, state);
    case "replace":
      return { items: action.items };
  }
}

/** What the badge and checkout count: units, or cases for a case-priced line. */
export function cartItemCount(items: CartItem[]): number {
  return items.reduce((n, i) => n + Math.ceil(i.quantity / stepOf(i.product)), 0);
}

/** What the cart holds in words, as orders say it: "4 cases (24 items)", "3 items". */
export function cartCountText(items: CartItem[]): string {
  return formatItemCount(items.map((i) => ({ quantity: i.quantity, caseSize: stepOf(i.product) })));
}

/** The cart's total in integer cents (lib/money.ts), so 0.1 + 0.2 style drift never shows. */
export function cartTotalCents(items: CartItem[]): number {
  return sumCents(items, (i) => lineCents(i.product.price, i.quantity));
}

/** Parses what localStorage holds; anything malformed is dropped rather than trusted. */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const data = JSON.parse(raw) as unknown;
    if (!Array.isArray(data)) return [];
    return data.flatMap((entry): CartItem[] => {
      const e = entry as Partial<CartItem> | null;
      const p = e?.product as Partial<CartProduct> | undefined;
      const q = Number(e?.quantity);
      if (
        !p ||
        typeof p.id !== "number" ||
        typeof p.name !== "string" ||
        typeof p.price !== "number" ||
        !Number.isFinite(p.price)
      )
        return [];
      if (!Number.isInteger(q) || q <= 0) return [];
      const farm =
        p.farm && typeof p.farm.id === "number"
          ? { id: p.farm.id, farmName: String(p.farm.farmName ?? "") }
          : { id: 0, farmName: "" };
      const caseSize =
        Number.isInteger(p.caseSize) && p.caseSize! >= 1 && p.caseSize! <= MAX_QUANTITY
          ? p.caseSize!
          : 1;
      const product = {
        id: p.id,
        name: p.name,
        price: p.price,
        unit: String(p.unit ?? ""),
        image: String(p.image ?? ""),
        farm,
        inStock: p.inStock !== false,
        caseSize,
        // Checkout's tax preview; an unknown class previews no tax (the server charges anyway).
        ...(p.taxClass === "standard" || p.taxClass === "liquor" ? { taxClass: p.taxClass } : {}),
      };
      return [{ product, quantity: Math.min(maxQuantityOf(product), roundUp(q, caseSize)) }];
    });
  } catch {
    return [];
  }
}
