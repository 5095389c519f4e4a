"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import { useCart } from "@/components/cart/cart-provider";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import type { ProductJson } from "@/lib/contracts/catalog";

/** Links already used in this browser: a reload of the landing page adds nothing twice. */
const USED_KEY = "fieldfare.sheet-links.v1";
function alreadyUsed(token: string): boolean {
  try {
    const used: string[] = JSON.parse(window.localStorage.getItem(USED_KEY) ?? "[]");
    if (used.includes(token)) return true;
    window.localStorage.setItem(USED_KEY, JSON.stringify([...used.slice(-49), token]));
  } catch {
    /* storage blocked: the add still happens once per visit */
  }
  return false;
}

/** "Add to cart" from the email: the line goes into the cart on arrival; the page says so. */
export function SheetAddToCart({
  product,
  quantity,
  token,
  amount,
}: {
  product: ProductJson;
  quantity: number;
  token: string;
  amount: string;
}) {
  const { addItems } = useCart();
  const [state, setState] = useState<"adding" | "added" | "again">("adding");
  useEffect(() => {
    // After the cart has read localStorage (its own effect); a re-run cancels the first.
    const t = window.setTimeout(() => {
      if (alreadyUsed(token)) {
        setState("again");
        return;
      }
      addItems([{ product, quantity }]);
      setState("added");
      toast({ title: "Added to Cart", description: `${product.name} has been added to your cart` });
    }, 0);
    return () => window.clearTimeout(t);
  }, [addItems, product, quantity, token]);
  return (
    <div className="grid gap-3 rounded-xl border border-gray-200 p-4" role="status">
      {state === "adding" ? (
        <p className="text-muted">Adding {product.name} to your cart…</p>
      ) : state === "added" ? (
        <p className="text-ink">
          <span className="font-semibold">{product.name}</span>, {amount}, is in your cart.
        </p>
      ) : (
        <p className="text-ink">
          This link already added <span className="font-semibold">{product.name}</span> to your
          cart.
        </p>
      )}
      <div>
        <Link
          href="/checkout"
          className="inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          Go to checkout
        </Link>
      </div>
    </div>
  );
}

type Line = { productId: number; productName: string; unit: string; quantity: number };

/** "Add to my standing order": the standing order as it is, and the line added on confirm. */
export function SheetAddToStanding({
  standingOrderId,
  when,
  items,
  productId,
  productName,
  quantity,
}: {
  standingOrderId: number;
  when: string;
  items: Line[];
  productId: number;
  productName: string;
  quantity: number;
}) {
  const [lines, setLines] = useState(items);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const add = async () => {
    setBusy(true);
    const next = lines.some((l) => l.productId === productId)
      ? lines.map((l) => ({
          productId: l.productId,
          quantity: l.productId === productId ? l.quantity + quantity : l.quantity,
        }))
      : [
          ...lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          { productId, quantity },
        ];
    try {
      const saved = await apiFetch<{ items: Line[] }>(`/api/standing-orders/${standingOrderId}`, {
        method: "PATCH",
        json: { items: next },
      });
      setLines(saved.items);
      setAdded(true);
      toast({
        title: "Standing order updated",
        description: `${productName} is on your standing order from the next date on.`,
      });
    } catch (e) {
      toast({
        title: "Could not add to the standing order",
        description: messageOf(e, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="sheet-standing-title"
      className="grid gap-3 rounded-xl border border-gray-200 p-4"
    >
      <h2 id="sheet-standing-title" className="font-semibold text-ink">
        Your standing order: {when}
      </h2>
      <ul className="grid gap-1 text-sm text-ink" data-testid="standing-lines">
        {lines.map((l) => (
          <li key={l.productId}>
            {l.productName} × {l.quantity} {l.unit}
          </li>
        ))}
      </ul>
      {added ? (
        <p role="status" className="text-ink">
          Added. <span className="font-semibold">{productName}</span> is on your standing order.{" "}
          <Link
            href="/standing-orders"
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Open standing orders
          </Link>
        </p>
      ) : (
        <div>
          <Button type="button" onClick={add} disabled={busy}>
            {busy ? "Adding..." : "Add to my standing order"}
          </Button>
        </div>
      )}
    </section>
  );
}
