/**
 * Pure cart rules of docs/product.md (client side): adding an existing product raises its quantity by 1,
 * a new product starts at 1, a quantity ≤ 0 removes the item, remove and clear; totals are the
 * item count and the sum of price × quantity. No React here so the rules are unit-tested alone.
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
};

/** Keeps only what the cart needs from a product JSON (the whole API object may be passed). */
export function toCartProduct(p: CartProduct): CartProduct {
  return { id: p.id, name: p.name, price: p.price, unit: p.unit, image: p.image, farm: { id: p.farm.id, farmName: p.farm.farmName }, inStock: p.inStock };
}

export type CartItem = { product: CartProduct; quantity: number };
export type CartState = { items: CartItem[] };

export type CartAction =
  | { type: "add"; product: CartProduct }
  | { type: "setQuantity"; productId: number; quantity: number }
  | { type: "remove"; productId: number }
  | { type: "clear" }
  | { type: "replace"; items: CartItem[] };

/** A cart line never exceeds this, so a stuck key or a tampered store cannot build absurd orders. */
export const MAX_QUANTITY = 99;

export const emptyCart: CartState = { items: [] };

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case "add": {
      const existing = state.items.find((i) => i.product.id === action.product.id);
      if (existing) {
        return {
          items: state.items.map((i) =>
            i.product.id === action.product.id ? { product: action.product, quantity: Math.min(MAX_QUANTITY, i.quantity + 1) } : i,
          ),
        };
      }
      return { items: [...state.items, { product: action.product, quantity: 1 }] };
    }
    case "setQuantity": {
      const q = Math.floor(action.quantity);
      if (!Number.isFinite(q) || q <= 0) return { items: state.items.filter((i) => i.product.id !== action.productId) };
      return { items: state.items.map((i) => (i.product.id === action.productId ? { ...i, quantity: Math.min(MAX_QUANTITY, q) } : i)) };
    }
    case "remove":
      return { items: state.items.filter((i) => i.product.id !== action.productId) };
    case "clear":
      return emptyCart;
    case "replace":
      return { items: action.items };
  }
}

export function cartItemCount(items: CartItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}

/** Sum in integer cents, then back to dollars, so 0.1 + 0.2 style drift never shows. */
export function cartTotal(items: CartItem[]): number {
  return items.reduce((cents, i) => cents + Math.round(i.product.price * 100) * i.quantity, 0) / 100;
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
      if (!p || typeof p.id !== "number" || typeof p.name !== "string" || typeof p.price !== "number" || !Number.isFinite(p.price)) return [];
      if (!Number.isInteger(q) || q <= 0) return [];
      const farm = p.farm && typeof p.farm.id === "number" ? { id: p.farm.id, farmName: String(p.farm.farmName ?? "") } : { id: 0, farmName: "" };
      return [
        {
          product: { id: p.id, name: p.name, price: p.price, unit: String(p.unit ?? ""), image: String(p.image ?? ""), farm, inStock: p.inStock !== false },
          quantity: Math.min(MAX_QUANTITY, q),
        },
      ];
    });
  } catch {
    return [];
  }
}
