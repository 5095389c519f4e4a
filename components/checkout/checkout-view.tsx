"use client";
import { useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import useSWR from "swr";
import {
  AlertTriangle,
  Loader2,
  Plus,
  ShoppingCart,
  Store,
  Wallet as WalletIcon,
} from "lucide-react";
import { useCart, type CartItem } from "@/components/cart/cart-provider";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { TopUpDialog } from "@/components/wallet/top-up-dialog";
import { apiFetch, ApiError, hasCode, messageOf, newIdempotencyKey } from "@/lib/client/api";
import type { AddressJson, FarmFulfilmentJson } from "@/lib/contracts/fulfilment";
import { formatCurrency } from "@/lib/format";
import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  lineCents,
  sumCents,
  sumDollarsInCents,
} from "@/lib/money";
import { FarmFulfilment } from "./farm-fulfilment";
import { FarmPayment } from "./farm-payment";
import { repeatWeekly } from "@/components/standing/repeat-weekly-button";
import { localDay } from "@/components/standing/format";
import { useAuth } from "@/components/auth/auth-provider";
import type { BuyerCreditLineJson } from "@/lib/contracts/account";
import type { PaymentMethodValue } from "@/lib/validators/account";
import {
  farmState,
  fulfilmentBody,
  initialChoice,
  type Choice,
  type FarmState,
} from "./fulfilment-choice";
import type { CheckoutResult } from "@/lib/contracts/orders";
import type { WalletJson } from "@/lib/contracts/wallet";

/** One farm's part of the cart; amounts in integer cents (lib/money.ts). */
type FarmGroup = { farmId: number; farmName: string; items: CartItem[]; subtotalCents: number };

const FULFILMENT_ERRORS = [
  "slot_required",
  "slot_closed",
  "slot_full",
  "below_minimum",
  "validation",
] as const;

/** The server's refusal per farm: `errors` keys `fulfilment.<farmId>…` name the farm. */
function errorsByFarm(e: unknown): Record<number, string> {
  const byFarm: Record<number, string> = {};
  if (!(e instanceof ApiError) || !e.errors) return byFarm;
  for (const [key, message] of Object.entries(e.errors)) {
    const m = /^fulfilment\.(\d+)/.exec(key);
    if (m) byFarm[Number(m[1])] ??= message;
  }
  return byFarm;
}

/** Each farm's minimum, zones and slots (GET /api/farms/{id}/fulfilment), fetched together. */
function useFarmFulfilments(farmIds: number[]) {
  const paths = farmIds.map((id) => `/api/farms/${id}/fulfilment`);
  return useSWR<FarmFulfilmentJson[]>(paths.length ? paths : null, (keys: string[]) =>
    Promise.all(keys.map((k) => apiFetch<FarmFulfilmentJson>(k))),
  );
}

function byFarm(items: CartItem[]): FarmGroup[] {
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

/**
 * /checkout: the cart split per farm (one order each), paid from the wallet. One Idempotency-Key
 * per checkout attempt: kept while the cart is unchanged (a double click or a retry after a
 * network error replays the first payment instead of paying twice), replaced after a success or
 * any change to the cart or the handover chosen. Prices shown are the cart's; the server re-prices
 * when paying. Farms that sell in windows ask for pickup or delivery and a slot
 * (docs/fulfilment.md); delivery fees are part of the total shown.
 */
export function CheckoutView() {
  const { items, totalCents, itemCount, clearCart } = useCart();
  const router = useRouter();
  // The "/api/wallet" key, shared with the wallet screen and the order cards' refunds.
  const {
    data: wallet = null,
    error: walletError,
    mutate: mutateWallet,
  } = useSWR<WalletJson>("/api/wallet");
  const setWallet = (w: WalletJson) => void mutateWallet(w, { revalidate: false });
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState(false);
  const [shortfall, setShortfall] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [attempted, setAttempted] = useState(false);
  const [farmErrors, setFarmErrors] = useState<Record<number, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const { user } = useAuth();
  // Restaurants with a credit line at a farm choose wallet or account for it (docs/restaurants.md).
  const { data: creditLines, mutate: mutateCredit } = useSWR<BuyerCreditLineJson[]>(
    user?.userType === "restaurant" && items.length ? "/api/credit-lines" : null,
  );
  const creditAt = new Map((creditLines ?? []).map((c) => [c.farm.id, c]));
  const [payWith, setPayWith] = useState<Record<number, PaymentMethodValue>>({});
  // "Repeat every week" from the cart (restaurants): a standing order per ticked farm once its order is placed.
  const [repeat, setRepeat] = useState<Record<number, boolean>>({});

  const groups = byFarm(items);
  const fulfilments = useFarmFulfilments(groups.map((g) => g.farmId));
  const { data: addresses } = useSWR<AddressJson[]>(items.length ? "/api/addresses" : null);
  const states = new Map<number, { farm: FarmFulfilmentJson; choice: Choice; state: FarmState }>();
  for (const f of fulfilments.data ?? []) {
    const g = groups.find((x) => x.farmId === f.farmId);
    if (!g) continue;
    const choice = choices[f.farmId] ?? initialChoice(f, addresses ?? []);
    states.set(f.farmId, {
      farm: f,
      choice,
      state: farmState(f, centsToDollars(g.subtotalCents), choice, addresses ?? []),
    });
  }
  // Without the farms' times (still loading) nothing can be chosen yet; if they failed to load,
  // paying stays possible and the server says what a farm needs.
  const fulfilmentReady =
    fulfilments.error !== undefined ||
    (fulfilments.data !== undefined && states.size === groups.length);
  const feesCents = sumDollarsInCents(states.values(), (s) => s.state.fee);
  const grandTotalCents = totalCents + feesCents;
  const fulfilment = Object.fromEntries(
    [...states.entries()].flatMap(([farmId, s]) => {
      const body = fulfilmentBody(s.state);
      return body ? [[String(farmId), body]] : [];
    }),
  );
  const onAccount = (farmId: number) => creditAt.has(farmId) && payWith[farmId] === "account";
  const farmTotalCents = (g: FarmGroup) =>
    g.subtotalCents + dollarsToCents(states.get(g.farmId)?.state.fee ?? 0);
  const accountTotalCents = sumCents(
    groups.filter((g) => onAccount(g.farmId)),
    farmTotalCents,
  );
  const walletTotalCents = grandTotalCents - accountTotalCents;
  const payment = Object.fromEntries(
    groups.filter((g) => onAccount(g.farmId)).map((g) => [String(g.farmId), "account" as const]),
  );
  const signature = `${items.map((i) => `${i.product.id}x${i.quantity}`).join(",")}|${JSON.stringify(fulfilment)}|${JSON.stringify(payment)}`;
  const short = wallet !== null && dollarsToCents(wallet.balance) < walletTotalCents;

  const choose = (farmId: number, choice: Choice) => {
    setChoices((c) => ({ ...c, [farmId]: choice }));
    setFarmErrors((errors) => {
      const rest = { ...errors };
      delete rest[farmId];
      return rest;
    });
    setRefusal(null);
  };

  const keyFor = (sig: string) => {
    if (attempt.current?.signature !== sig)
      attempt.current = { signature: sig, key: newIdempotencyKey() };
    return attempt.current.key;
  };

  const pay = async () => {
    if (busy || placed || !fulfilmentReady) return;
    const blocked = groups.find((g) => states.get(g.farmId)?.state.problem);
    if (blocked) {
      setAttempted(true);
      document.getElementById(`farm-${blocked.farmId}`)?.scrollIntoView({ block: "start" });
      return;
    }
    setBusy(true);
    setShortfall(null);
    setRefusal(null);
    try {
      const result = await apiFetch<CheckoutResult>("/api/orders", {
        method: "POST",
        json: {
          items: items.map((i) => ({ productId: i.product.id, quantity: i.quantity })),
          ...(Object.keys(fulfilment).length ? { fulfilment } : {}),
          ...(Object.keys(payment).length ? { payment } : {}),
        },
        idempotencyKey: keyFor(signature),
      });
      attempt.current = null;
      setPlaced(true);
      setWallet(result.wallet);
      const sumOf = (orders: typeof result.orders) =>
        sumDollarsInCents(orders, (o) => o.totalAmount);
      const paid = sumOf(result.orders.filter((o) => o.payment === "wallet"));
      const billed = sumOf(result.orders.filter((o) => o.payment === "account"));
      const n = result.orders.length;
      const how = [
        paid > 0 || billed === 0 ? `${formatCents(paid)} paid from your wallet` : "",
        billed > 0 ? `${formatCents(billed)} on account` : "",
      ]
        .filter(Boolean)
        .join(", ");
      clearCart({ silent: true });
      // Standing orders first, then one toast that says all of it (one toast shows at a time).
      const repeated = result.orders.filter((o) => repeat[o.farm.id] && o.fulfilment);
      const standing: string[] = [];
      let failed: unknown = null;
      for (const o of repeated) {
        await repeatWeekly(o).then(
          (s) =>
            standing.push(
              `${o.farm.farmName} every week${s.nextDate ? `, first one ${localDay(s.nextDate)}` : ""}`,
            ),
          (error: unknown) => (failed = error),
        );
      }
      const set = standing.length ? `. Standing order set up: ${standing.join("; ")}` : "";
      toast({
        title: "Order Placed",
        description: `${how} for ${n} ${n === 1 ? "order" : "orders"}${set}`,
      });
      if (failed)
        toast({
          title: "Could not set up the standing order",
          description: messageOf(failed, "Please try again from the order"),
          variant: "destructive",
        });
      router.push(repeated.length ? "/standing-orders" : "/orders");
    } catch (e) {
      if (hasCode(e, "credit_limit")) {
        setRefusal(messageOf(e, "This order does not fit your credit line"));
        void mutateCredit();
        toast({
          title: "Checkout Failed",
          description: messageOf(e, "This order does not fit your credit line"),
          variant: "destructive",
        });
      } else if (hasCode(e, "insufficient_funds")) {
        setShortfall(e.serverMessage ?? "Insufficient balance. Top up your wallet and try again.");
        void mutateWallet();
      } else if (FULFILMENT_ERRORS.some((code) => hasCode(e, code))) {
        // A slot filled up or closed, or a minimum or zone refused: say so next to that farm, keep
        // every choice, and refresh the slots so a full one shows as full.
        const byFarm = errorsByFarm(e);
        // A slot refusal without field keys can only be about the one farm that sells in slots.
        const slotted = [...states.entries()].filter(([, s]) => s.state.needsSlot);
        if (
          Object.keys(byFarm).length === 0 &&
          slotted.length === 1 &&
          e instanceof ApiError &&
          e.code.startsWith("slot_")
        ) {
          byFarm[slotted[0][0]] = messageOf(e, "Choose another time");
        }
        setFarmErrors(byFarm);
        setRefusal(
          Object.keys(byFarm).length ? null : messageOf(e, "Your order could not be placed"),
        );
        void fulfilments.mutate();
        toast({
          title: "Checkout Failed",
          description: messageOf(e, "Failed to place your order"),
          variant: "destructive",
        });
      } else {
        toast({
          title: "Checkout Failed",
          description: messageOf(e, "Failed to place your order"),
          variant: "destructive",
        });
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
        <div
          data-testid="checkout-empty"
          className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-gray-300 p-10 text-center"
        >
          <ShoppingCart aria-hidden className="h-10 w-10 text-brand-700" />
          <p className="font-semibold text-ink">Your cart is empty</p>
          <p className="text-sm text-muted">
            Add fresh produce from local farms, then come back to pay.
          </p>
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
          {itemCount} {itemCount === 1 ? "item" : "items"} from {groups.length}{" "}
          {groups.length === 1 ? "farm" : "farms"}. Each farm gets its own order.
        </p>
        {groups.map((g) => (
          <section
            key={g.farmId}
            aria-labelledby={`farm-${g.farmId}`}
            data-testid="checkout-farm"
            className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
          >
            <h2 id={`farm-${g.farmId}`} className="flex items-center gap-2 font-semibold text-ink">
              <Store aria-hidden className="h-4 w-4 text-brand-700" />
              {g.farmName}
            </h2>
            <ul className="mt-3 divide-y divide-gray-100">
              {g.items.map(({ product, quantity }) => (
                <li
                  key={product.id}
                  className="flex items-center justify-between gap-3 py-2 text-sm"
                >
                  <span className="min-w-0">
                    <span className="font-medium text-ink">{product.name}</span>
                    <span className="text-muted">
                      {" "}
                      × {quantity} @ {formatCurrency(product.price)} / {product.unit}
                    </span>
                  </span>
                  <span className="shrink-0 tabular-nums">
                    {formatCents(lineCents(product.price, quantity))}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-2 flex justify-between border-t border-gray-100 pt-2 text-sm font-semibold">
              <span>Subtotal</span>
              <span className="tabular-nums" data-testid="checkout-subtotal">
                {formatCents(g.subtotalCents)}
              </span>
            </p>
            {(() => {
              const s = states.get(g.farmId);
              if (!s) return null;
              return (
                <FarmFulfilment
                  farm={s.farm}
                  state={s.state}
                  choice={s.choice}
                  onChange={(c) => choose(g.farmId, c)}
                  addresses={addresses}
                  showProblem={attempted}
                  serverError={farmErrors[g.farmId] ?? null}
                />
              );
            })()}
            {user?.userType === "restaurant" && states.get(g.farmId)?.state.needsSlot ? (
              <label className="mt-3 flex min-h-11 items-center gap-2 border-t border-gray-100 pt-3 text-sm">
                <input
                  type="checkbox"
                  checked={repeat[g.farmId] ?? false}
                  onChange={(e) => setRepeat((r) => ({ ...r, [g.farmId]: e.target.checked }))}
                  className="h-4 w-4 accent-brand-700"
                  data-testid="checkout-repeat"
                />
                Repeat every week (a standing order for this day and place)
              </label>
            ) : null}
            {creditAt.has(g.farmId) ? (
              <FarmPayment
                farmName={g.farmName}
                credit={creditAt.get(g.farmId)!}
                value={onAccount(g.farmId) ? "account" : "wallet"}
                orderTotalCents={farmTotalCents(g)}
                onChange={(v) => {
                  setPayWith((p) => ({ ...p, [g.farmId]: v }));
                  setRefusal(null);
                }}
              />
            ) : null}
          </section>
        ))}
      </div>

      <aside
        aria-label="Payment"
        className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm lg:sticky lg:top-24"
      >
        {feesCents > 0 ? (
          <p className="flex items-center justify-between text-sm">
            <span className="text-muted">Delivery fees</span>
            <span className="tabular-nums" data-testid="checkout-fees">
              {formatCents(feesCents)}
            </span>
          </p>
        ) : null}
        <p className="flex items-center justify-between text-lg font-bold">
          <span>Total</span>
          <span className="tabular-nums" data-testid="checkout-total">
            {formatCents(grandTotalCents)}
          </span>
        </p>
        {accountTotalCents > 0 ? (
          <p className="flex items-center justify-between text-sm">
            <span className="text-muted">On account</span>
            <span className="tabular-nums" data-testid="checkout-on-account-total">
              {formatCents(accountTotalCents)}
            </span>
          </p>
        ) : null}
        <p className="flex items-center justify-between text-sm">
          <span className="flex items-center gap-1.5 text-muted">
            <WalletIcon aria-hidden className="h-4 w-4" /> Wallet balance
          </span>
          <span className="font-semibold tabular-nums" data-testid="checkout-balance">
            {wallet ? formatCurrency(wallet.balance) : "—"}
          </span>
        </p>
        {walletError !== undefined ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to fetch wallet
          </p>
        ) : null}
        {short || shortfall ? (
          <div
            role="alert"
            data-testid="checkout-shortfall"
            className="grid gap-3 rounded-xl border border-harvest-500 bg-harvest-400/15 p-3 text-sm text-ink"
          >
            <p className="flex items-start gap-2">
              <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-harvest-500" />
              <span>
                {shortfall ??
                  `Insufficient balance: top up at least ${formatCents(walletTotalCents - dollarsToCents(wallet!.balance))} to pay for this order.`}
              </span>
            </p>
            {topUp}
          </div>
        ) : null}
        {fulfilments.error ? (
          <div role="alert" className="grid gap-2 text-sm text-red-700">
            <p>
              {messageOf(fulfilments.error, "Could not load the farms' pickup and delivery times")}
            </p>
            <Button variant="outline" onClick={() => void fulfilments.mutate()}>
              Try again
            </Button>
          </div>
        ) : null}
        {refusal ? (
          <p
            role="alert"
            data-testid="checkout-refusal"
            className="text-sm font-medium text-red-700"
          >
            {refusal}
          </p>
        ) : null}
        {attempted && [...states.values()].some((s) => s.state.problem) ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            Check the pickup and delivery choices above.
          </p>
        ) : null}
        <Button
          size="lg"
          onClick={pay}
          disabled={busy || short || !fulfilmentReady}
          data-testid="checkout-pay"
        >
          {busy
            ? "Processing..."
            : !fulfilmentReady && !fulfilments.error
              ? "Loading pickup times..."
              : walletTotalCents === 0 && accountTotalCents > 0
                ? `Order on account (${formatCents(accountTotalCents)})`
                : `Pay ${formatCents(walletTotalCents)}${accountTotalCents > 0 ? ` + ${formatCents(accountTotalCents)} on account` : ""}`}
        </Button>
        <p className="text-xs text-muted">
          Prices are confirmed by the farm&apos;s current catalogue when you pay.
        </p>
      </aside>
    </div>
  );
}
