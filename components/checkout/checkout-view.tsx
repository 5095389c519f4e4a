"use client";
import { useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { AlertTriangle, Loader2, Plus, ShoppingCart, Store, Wallet as WalletIcon } from "lucide-react";
import { useCart, type CartItem } from "@/components/cart/cart-provider";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { TopUpDialog } from "@/components/wallet/top-up-dialog";
import { apiFetch, hasCode, messageOf, newIdempotencyKey } from "@/lib/client/api";
import { formatCurrency } from "@/lib/format";
import { dollarsToCents } from "@/lib/money";
import type { CheckoutResult } from "@/lib/server/orders/checkout";
import type { WalletJson } from "@/lib/server/wallet/serialize";

type FarmGroup = { farmId: number; farmName: string; items: CartItem[]; subtotal: number };

function byFarm(items: CartItem[]): FarmGroup[] {
  const groups = new Map<number, FarmGroup>();
  for (const item of items) {
    const g = groups.get(item.product.farm.id) ?? { farmId: item.product.farm.id, farmName: item.product.farm.farmName, items: [], subtotal: 0 };
    g.items.push(item);
    g.subtotal = (dollarsToCents(g.subtotal) + dollarsToCents(item.product.price) * item.quantity) / 100;
    groups.set(g.farmId, g);
  }
  return [...groups.values()];
}

/**
 * /checkout: the cart split per farm (one order each), paid from the wallet. One Idempotency-Key
 * per checkout attempt: kept while the cart is unchanged (a double click or a retry after a
 * network error replays the first payment instead of paying twice), replaced after a success or
 * any change to the cart. Prices shown are the cart's; the server re-prices when paying.
 */
export function CheckoutView({ initialWallet }: { initialWallet: WalletJson | null }) {
  const { items, total, itemCount, clearCart } = useCart();
  const router = useRouter();
  const [wallet, setWallet] = useState(initialWallet);
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState(false);
  const [shortfall, setShortfall] = useState<string | null>(null);
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  const signature = items.map((i) => `${i.product.id}x${i.quantity}`).join(",");
  const groups = byFarm(items);
  const short = wallet !== null && dollarsToCents(wallet.balance) < dollarsToCents(total);

  const keyFor = (sig: string) => {
    if (attempt.current?.signature !== sig) attempt.current = { signature: sig, key: newIdempotencyKey() };
    return attempt.current.key;
  };

  const refreshWallet = async () => {
    try {
      setWallet(await apiFetch<WalletJson>("/api/wallet"));
    } catch {
      setWallet(null);
    }
  };

  const pay = async () => {
    if (busy || placed) return;
    setBusy(true);
    setShortfall(null);
    try {
      const result = await apiFetch<CheckoutResult>("/api/orders", {
        method: "POST",
        json: { items: items.map((i) => ({ productId: i.product.id, quantity: i.quantity })) },
        idempotencyKey: keyFor(signature),
      });
      attempt.current = null;
      setPlaced(true);
      setWallet(result.wallet);
      const paid = result.orders.reduce((sum, o) => sum + dollarsToCents(o.totalAmount), 0) / 100;
      const n = result.orders.length;
      toast({ title: "Order Placed", description: `${formatCurrency(paid)} paid from your wallet for ${n} ${n === 1 ? "order" : "orders"}` });
      clearCart({ silent: true });
      router.push("/orders");
    } catch (e) {
      if (hasCode(e, "insufficient_funds")) {
        setShortfall(e.serverMessage ?? "Insufficient balance. Top up your wallet and try again.");
        void refreshWallet();
      } else {
        toast({ title: "Checkout Failed", description: messageOf(e, "Failed to place your order"), variant: "destructive" });
      }
    } finally {
      setBusy(false);
    }
  };

  if (placed) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted">
        <Loader2 aria-hidden className="h-5 w-5 animate-spin" /> Opening your orders...
      </p>
    );
  }

  if (items.length === 0) {
    return (
      <div className="grid gap-6">
        <h1 className="text-2xl font-bold text-ink">Checkout</h1>
        <div data-testid="checkout-empty" className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-gray-300 p-10 text-center">
          <ShoppingCart aria-hidden className="h-10 w-10 text-brand-700" />
          <p className="font-semibold text-ink">Your cart is empty</p>
          <p className="text-sm text-muted">Add fresh produce from local farms, then come back to pay.</p>
          <Button asChild variant="secondary">
            <Link href="/home">Browse products</Link>
          </Button>
        </div>
      </div>
    );
  }

  const topUp = (
    <TopUpDialog
      onToppedUp={(r) => {
        setWallet(r.wallet);
        setShortfall(null);
      }}
      trigger={
        <Button variant="secondary" data-testid="checkout-topup">
          <Plus aria-hidden className="h-4 w-4" />
          Top Up
        </Button>
      }
    />
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="grid gap-4">
        <h1 className="text-2xl font-bold text-ink">Checkout</h1>
        <p className="text-sm text-muted">
          {itemCount} {itemCount === 1 ? "item" : "items"} from {groups.length} {groups.length === 1 ? "farm" : "farms"}. Each farm gets its own order.
        </p>
        {groups.map((g) => (
          <section key={g.farmId} aria-labelledby={`farm-${g.farmId}`} data-testid="checkout-farm" className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
            <h2 id={`farm-${g.farmId}`} className="flex items-center gap-2 font-semibold text-ink">
              <Store aria-hidden className="h-4 w-4 text-brand-700" />
              {g.farmName}
            </h2>
            <ul className="mt-3 divide-y divide-gray-100">
              {g.items.map(({ product, quantity }) => (
                <li key={product.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="font-medium text-ink">{product.name}</span>
                    <span className="text-muted">
                      {" "}
                      × {quantity} @ {formatCurrency(product.price)} / {product.unit}
                    </span>
                  </span>
                  <span className="shrink-0 tabular-nums">{formatCurrency((dollarsToCents(product.price) * quantity) / 100)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-2 flex justify-between border-t border-gray-100 pt-2 text-sm font-semibold">
              <span>Subtotal</span>
              <span className="tabular-nums" data-testid="checkout-subtotal">
                {formatCurrency(g.subtotal)}
              </span>
            </p>
          </section>
        ))}
      </div>

      <aside aria-label="Payment" className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm lg:sticky lg:top-24">
        <p className="flex items-center justify-between text-lg font-bold">
          <span>Total</span>
          <span className="tabular-nums" data-testid="checkout-total">
            {formatCurrency(total)}
          </span>
        </p>
        <p className="flex items-center justify-between text-sm">
          <span className="flex items-center gap-1.5 text-muted">
            <WalletIcon aria-hidden className="h-4 w-4" /> Wallet balance
          </span>
          <span className="font-semibold tabular-nums" data-testid="checkout-balance">
            {wallet ? formatCurrency(wallet.balance) : "—"}
          </span>
        </p>
        {wallet === null ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to fetch wallet
          </p>
        ) : null}
        {short || shortfall ? (
          <div role="alert" data-testid="checkout-shortfall" className="grid gap-3 rounded-xl border border-harvest-500 bg-harvest-400/15 p-3 text-sm text-ink">
            <p className="flex items-start gap-2">
              <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-harvest-500" />
              <span>{shortfall ?? `Insufficient balance: top up at least ${formatCurrency((dollarsToCents(total) - dollarsToCents(wallet!.balance)) / 100)} to pay for this order.`}</span>
            </p>
            {topUp}
          </div>
        ) : null}
        <Button size="lg" onClick={pay} disabled={busy || short} data-testid="checkout-pay">
          {busy ? "Processing..." : `Pay ${formatCurrency(total)}`}
        </Button>
        <p className="text-xs text-muted">Prices are confirmed by the farm&apos;s current catalogue when you pay.</p>
      </aside>
    </div>
  );
}
