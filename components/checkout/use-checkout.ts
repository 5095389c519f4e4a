"use client";
import { rememberPlaced } from "@/components/orders/order-placed";
import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useAuth } from "@/components/auth/auth-provider";
import { useCart } from "@/components/cart/cart-provider";
import { localDay } from "@/components/standing/format";
import { repeatWeekly } from "@/components/standing/repeat-weekly-button";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, ApiError, hasCode, messageOf, newIdempotencyKey } from "@/lib/client/api";
import {
  useAddresses,
  useCreditLines,
  useFarmFulfilments,
  useWallet,
} from "@/lib/client/resources";
import type { FarmFulfilmentJson } from "@/lib/contracts/fulfilment";
import type { CheckoutResult } from "@/lib/contracts/orders";
import type { WalletJson } from "@/lib/contracts/wallet";
import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  lineCents,
  sumCents,
  sumDollarsInCents,
} from "@/lib/money";
import type { PaymentMethodValue } from "@/lib/validators/account";
import { computeTaxes, taxTotal, type TaxAmount } from "@/lib/tax";
import { byFarm, errorsByFarm, FULFILMENT_ERRORS, type FarmGroup } from "./farm-groups";
import {
  farmState,
  fulfilmentBody,
  applyChoice,
  initialChoice,
  type Choice,
  type FarmState,
} from "./fulfilment-choice";

export type FarmCheckout = { farm: FarmFulfilmentJson; choice: Choice; state: FarmState };

/**
 * Everything /checkout knows and does (docs/fulfilment.md, docs/restaurants.md): the cart split
 * per farm (one order each), each farm's handover choice and payment method, the totals in
 * integer cents, and `pay`. One Idempotency-Key per checkout attempt: kept while the cart is
 * unchanged (a double click or a retry after a network error replays the first payment instead of
 * paying twice), replaced after a success or any change to the cart or the handover chosen.
 * Prices shown are the cart's; the server re-prices when paying.
 */
export function useCheckout() {
  const { items, totalCents, itemCount, countText, clearCart } = useCart();
  const router = useRouter();
  const { user } = useAuth();
  const restaurant = user?.userType === "restaurant";
  // The wallet key is shared with the wallet screen and the order cards' refunds.
  const { data: wallet = null, error: walletError, mutate: mutateWallet } = useWallet();
  const setWallet = (w: WalletJson) => void mutateWallet(w, { revalidate: false });
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState(false);
  const [shortfall, setShortfall] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [attempted, setAttempted] = useState(false);
  const [farmErrors, setFarmErrors] = useState<Record<number, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  // The server's question before a repeat order (409 repeat_order): one line per farm it is about.
  const [repeatQuestion, setRepeatQuestion] = useState<string[] | null>(null);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  // Restaurants with a credit line at a farm choose wallet or account for it (docs/restaurants.md).
  const { data: creditLines, mutate: mutateCredit } = useCreditLines(
    restaurant && items.length > 0,
  );
  const creditAt = new Map((creditLines ?? []).map((c) => [c.farm.id, c]));
  const [payWith, setPayWith] = useState<Record<number, PaymentMethodValue>>({});
  // "Repeat every week" from the cart (restaurants): a standing order per ticked farm once its order is placed.
  const [repeat, setRepeat] = useState<Record<number, boolean>>({});

  const groups = byFarm(items);
  const fulfilments = useFarmFulfilments(groups.map((g) => g.farmId));
  const { data: addresses } = useAddresses(items.length > 0);
  const states = new Map<number, FarmCheckout>();
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
  // Without the farms' times (still loading, or failed: the panel says so with Try again) nothing
  // can be chosen, and Pay waits: an order paid then would have no pickup or delivery.
  const fulfilmentReady = fulfilments.data !== undefined && states.size === groups.length;
  const feesCents = sumDollarsInCents(states.values(), (s) => s.state.fee);
  // Each farm's taxes as the server will charge them (lib/tax.ts, docs/money.md "Taxes"): its
  // rates, each line half-up, the delivery fee taxed as the goods.
  const taxesOf = (g: FarmGroup): TaxAmount[] =>
    computeTaxes(
      g.items.map((i) => ({
        amountCents: lineCents(i.product.price, i.quantity),
        taxClass: i.product.taxClass ?? "zero",
      })),
      dollarsToCents(states.get(g.farmId)?.state.fee ?? 0),
      states.get(g.farmId)?.farm.taxRates ?? [],
    );
  const taxesCents = sumCents(groups, (g) => taxTotal(taxesOf(g)));
  const grandTotalCents = totalCents + feesCents + taxesCents;
  const fulfilment = Object.fromEntries(
    [...states.entries()].flatMap(([farmId, s]) => {
      const body = fulfilmentBody(s.state);
      return body ? [[String(farmId), body]] : [];
    }),
  );
  const farmTotalCents = (g: FarmGroup) =>
    g.subtotalCents + dollarsToCents(states.get(g.farmId)?.state.fee ?? 0) + taxTotal(taxesOf(g));
  const onAccount = (farmId: number) => {
    const credit = creditAt.get(farmId);
    if (!credit) return false;
    if (payWith[farmId]) return payWith[farmId] === "account";
    // On account by default where the farm gives credit and it covers this order.
    const g = groups.find((x) => x.farmId === farmId);
    return g !== undefined && dollarsToCents(credit.available) >= farmTotalCents(g);
  };
  const accountTotalCents = sumCents(
    groups.filter((g) => onAccount(g.farmId)),
    farmTotalCents,
  );
  const walletTotalCents = grandTotalCents - accountTotalCents;
  const payment = Object.fromEntries(
    groups.filter((g) => onAccount(g.farmId)).map((g) => [String(g.farmId), "account" as const]),
  );
  const signature = `${items.map((i) => `${i.product.id}x${i.quantity}`).join(",")}|${JSON.stringify(fulfilment)}|${JSON.stringify(payment)}`;
  // What the wallet lacks for its part of the checkout, in cents (0 when it is enough or unknown).
  const missingCents =
    wallet === null ? 0 : Math.max(0, walletTotalCents - dollarsToCents(wallet.balance));
  const short = missingCents > 0;

  // "Use for all farms": what was applied from which farm, and where it could not be.
  const [applied, setApplied] = useState<{
    from: number;
    to: string[];
    skipped: string[];
  } | null>(null);
  const applyToAll = (fromFarmId: number) => {
    const from = states.get(fromFarmId);
    if (!from) return;
    const next: Record<number, Choice> = {};
    const to: string[] = [];
    const skipped: string[] = [];
    for (const [farmId, s] of states) {
      if (farmId === fromFarmId || !s.state.needsSlot) continue;
      const result = applyChoice(from.state, from.choice, s.farm, s.choice);
      if ("reason" in result) skipped.push(result.reason);
      else {
        next[farmId] = result.choice;
        to.push(s.farm.farmName);
      }
    }
    setChoices((c) => ({ ...c, ...next }));
    setFarmErrors((errors) =>
      Object.fromEntries(Object.entries(errors).filter(([id]) => !(Number(id) in next))),
    );
    setApplied({ from: fromFarmId, to, skipped });
  };
  // Farms whose handover is chosen (they sell in windows): "Use for all farms" needs two or more.
  const choosingFarms = [...states.values()].filter((s) => s.state.needsSlot).length;

  const choose = (farmId: number, choice: Choice) => {
    setApplied(null);
    setChoices((c) => ({ ...c, [farmId]: choice }));
    setFarmErrors((errors) => {
      const rest = { ...errors };
      delete rest[farmId];
      return rest;
    });
    setRefusal(null);
  };

  const choosePayment = (farmId: number, method: PaymentMethodValue) => {
    setPayWith((p) => ({ ...p, [farmId]: method }));
    setRefusal(null);
  };

  const setRepeatFor = (farmId: number, on: boolean) => setRepeat((r) => ({ ...r, [farmId]: on }));

  const keyFor = (sig: string) => {
    if (attempt.current?.signature !== sig)
      attempt.current = { signature: sig, key: newIdempotencyKey() };
    return attempt.current.key;
  };

  const refused = (e: unknown) => {
    if (hasCode(e, "repeat_order")) {
      const lines = Object.values(e.errors ?? {});
      setRepeatQuestion(
        lines.length ? lines : [messageOf(e, "You already have an order for this time")],
      );
    } else if (hasCode(e, "credit_limit")) {
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
      const found = errorsByFarm(e);
      // A slot refusal without field keys can only be about the one farm that sells in slots.
      const slotted = [...states.entries()].filter(([, s]) => s.state.needsSlot);
      if (
        Object.keys(found).length === 0 &&
        slotted.length === 1 &&
        e instanceof ApiError &&
        e.code.startsWith("slot_")
      ) {
        found[slotted[0][0]] = messageOf(e, "Choose another time");
      }
      setFarmErrors(found);
      setRefusal(Object.keys(found).length ? null : messageOf(e, "Your order could not be placed"));
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
  };

  const placedOrders = async (result: CheckoutResult) => {
    attempt.current = null;
    setPlaced(true);
    setWallet(result.wallet);
    const sumOf = (orders: typeof result.orders) => sumDollarsInCents(orders, (o) => o.totalAmount);
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
    rememberPlaced(result.orders);
    router.push(repeated.length ? "/standing-orders" : "/orders");
  };

  /** Pays; `confirmRepeat` once the buyer has said the repeat order is meant (docs/fulfilment.md). */
  const pay = async (confirmRepeat = false) => {
    setRepeatQuestion(null);
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
          ...(confirmRepeat ? { confirmRepeat } : {}),
        },
        idempotencyKey: keyFor(signature),
      });
      await placedOrders(result);
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  };

  const toppedUp = (w: WalletJson) => {
    setWallet(w);
    setShortfall(null);
  };

  return {
    items,
    itemCount,
    countText,
    groups,
    restaurant,
    states,
    addresses,
    creditAt,
    onAccount,
    repeat,
    farmErrors,
    attempted,
    fulfilments,
    fulfilmentReady,
    wallet,
    walletError,
    feesCents,
    taxesCents,
    taxesOf,
    grandTotalCents,
    accountTotalCents,
    walletTotalCents,
    farmTotalCents,
    missingCents,
    short,
    shortfall,
    refusal,
    busy,
    placed,
    choose,
    applyToAll,
    applied,
    choosingFarms,
    choosePayment,
    setRepeatFor,
    pay,
    repeatQuestion,
    dismissRepeatQuestion: () => setRepeatQuestion(null),
    toppedUp,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
