"use client";
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { createRequiredContext } from "@/lib/client/required-context";
import { toast } from "@/components/ui/use-toast";
import {
  cartCountText,
  cartItemCount,
  cartReducer,
  cartTotalCents,
  emptyCart,
  parseStoredCart,
  toCartProduct,
  type CartAction,
  type CartItem,
  type CartProduct,
  type CartState,
} from "./cart-reducer";

export type { CartItem, CartProduct } from "./cart-reducer";
export { toCartProduct } from "./cart-reducer";

type CartContextValue = {
  items: CartItem[];
  /** One step, or `quantity` (rounded up to whole steps). */
  addItem: (product: CartProduct, quantity?: number) => void;
  updateQuantity: (productId: number, quantity: number) => void;
  removeItem: (productId: number) => void;
  /** Adds several lines without a toast each (the caller says what happened). */
  addItems: (lines: CartItem[]) => void;
  /** `silent` skips the "Cart Cleared" toast (e.g. after a checkout that shows its own). */
  clearCart: (options?: { silent?: boolean }) => void;
  itemCount: number;
  /** The same count in words: "4 cases (24 items)". */
  countText: string;
  /** Integer cents (lib/money.ts). */
  totalCents: number;
};

const [CartContext, useCartContext] = createRequiredContext<CartContextValue>(
  "useCart must be used within a CartProvider",
);
export const CART_STORAGE_KEY = "fieldfare.cart.v1";

/**
 * Client-side cart kept in localStorage so it survives reloads, and synced across tabs
 * through the `storage` event. Prices here are only for display: checkout re-prices on the server.
 */
type ProviderState = CartState & { loaded: boolean };
type ProviderAction = CartAction | { type: "hydrate"; items: CartItem[] };

// `loaded` flips with the first read of localStorage, so an empty first render never overwrites it.
function providerReducer(state: ProviderState, action: ProviderAction): ProviderState {
  if (action.type === "hydrate") return { items: action.items, loaded: true };
  return { ...cartReducer(state, action), loaded: state.loaded };
}

export function CartProvider({ children }: { children: React.ReactNode }) {
  const [state, dispatch] = useReducer(providerReducer, { ...emptyCart, loaded: false });
  const loaded = state.loaded;
  const itemsRef = useRef(state.items);

  useEffect(() => {
    itemsRef.current = state.items;
  }, [state.items]);

  // Read the stored cart after mount: the server render has no localStorage.
  useEffect(() => {
    dispatch({
      type: "hydrate",
      items: parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY)),
    });
    const onStorage = (e: StorageEvent) => {
      if (e.key === CART_STORAGE_KEY)
        dispatch({ type: "replace", items: parseStoredCart(e.newValue) });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  useEffect(() => {
    if (!loaded) return;
    try {
      const next = JSON.stringify(state.items);
      if (window.localStorage.getItem(CART_STORAGE_KEY) !== next)
        window.localStorage.setItem(CART_STORAGE_KEY, next);
    } catch {
      /* storage full or blocked: the cart still works for this tab */
    }
  }, [state.items, loaded]);

  const addItem = useCallback((product: CartProduct, quantity?: number) => {
    const existing = itemsRef.current.find((i) => i.product.id === product.id);
    const action = { type: "add" as const, product: toCartProduct(product), quantity };
    dispatch(action);
    itemsRef.current = cartReducer({ items: itemsRef.current }, action).items;
    if (existing)
      toast({ title: "Updated Cart", description: `Increased quantity of ${product.name}` });
    else
      toast({ title: "Added to Cart", description: `${product.name} has been added to your cart` });
  }, []);

  const updateQuantity = useCallback((productId: number, quantity: number) => {
    dispatch({ type: "setQuantity", productId, quantity });
    itemsRef.current = cartReducer(
      { items: itemsRef.current },
      { type: "setQuantity", productId, quantity },
    ).items;
  }, []);

  const removeItem = useCallback((productId: number) => {
    const item = itemsRef.current.find((i) => i.product.id === productId);
    dispatch({ type: "remove", productId });
    itemsRef.current = itemsRef.current.filter((i) => i.product.id !== productId);
    toast({
      title: "Removed from Cart",
      description: item ? `${item.product.name} has been removed from your cart` : undefined,
    });
  }, []);

  const addItems = useCallback((lines: CartItem[]) => {
    const action = {
      type: "addMany" as const,
      lines: lines.map((l) => ({ ...l, product: toCartProduct(l.product) })),
    };
    dispatch(action);
    itemsRef.current = cartReducer({ items: itemsRef.current }, action).items;
  }, []);

  const clearCart = useCallback((options?: { silent?: boolean }) => {
    const before = itemsRef.current;
    dispatch({ type: "clear" });
    itemsRef.current = [];
    if (options?.silent || before.length === 0) return;
    // No confirm step: clearing is one tap, and Undo puts every line back.
    const shown = toast({
      title: "Cart Cleared",
      description: "All items have been removed from your cart",
      duration: 10_000,
      action: {
        label: "Undo",
        altText: "Add the items back from the home page",
        onClick: () => {
          dispatch({ type: "replace", items: before });
          itemsRef.current = before;
          shown.dismiss();
        },
      },
    });
  }, []);

  const value = useMemo<CartContextValue>(
    () => ({
      items: state.items,
      addItem,
      updateQuantity,
      removeItem,
      addItems,
      clearCart,
      itemCount: cartItemCount(state.items),
      countText: cartCountText(state.items),
      totalCents: cartTotalCents(state.items),
    }),
    [state.items, addItem, updateQuantity, removeItem, addItems, clearCart],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  return useCartContext();
}
