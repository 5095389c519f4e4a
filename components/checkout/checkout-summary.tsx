"use client";
import { AlertTriangle, Plus, Wallet as WalletIcon } from "lucide-react";
import { AlertQuestion } from "@/components/ui/alert-dialog";
import { AmountRow } from "@/components/ui/amount-row";
import { Button } from "@/components/ui/button";
import { TopUpDialog } from "@/components/wallet/top-up-dialog";
import { messageOf } from "@/lib/client/api";
import { formatCurrency } from "@/lib/format";
import { formatCents } from "@/lib/money";
import type { Checkout } from "./use-checkout";

/** A part of the total (fees, taxes, what goes on account): left out while there is none. */
function Row({ label, cents, testId }: { label: string; cents: number; testId: string }) {
  return cents > 0 ? (
    <AmountRow
      label={label}
      amount={formatCents(cents)}
      testId={testId}
      className="flex items-center justify-between text-sm"
      labelClassName="text-muted"
    />
  ) : null;
}

/** What the pay button says: the wallet's part, the account's part, or that it is busy. */
function payLabel(c: Checkout): string {
  if (c.busy) return "Processing...";
  if (c.fulfilments.error && !c.fulfilmentReady) return "Waiting for pickup times";
  if (!c.fulfilmentReady) return "Loading pickup times...";
  if (c.walletTotalCents === 0 && c.accountTotalCents > 0)
    return `Order on account (${formatCents(c.accountTotalCents)})`;
  const onAccount =
    c.accountTotalCents > 0 ? ` + ${formatCents(c.accountTotalCents)} on account` : "";
  return `Pay ${formatCents(c.walletTotalCents)}${onAccount}`;
}

/** The checkout's payment panel: totals, the wallet, what stops the payment, and the pay button. */
export function CheckoutSummary({ checkout: c }: { checkout: Checkout }) {
  return (
    <aside
      aria-label="Payment"
      className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm lg:sticky lg:top-24"
    >
      <Row label="Delivery fees" cents={c.feesCents} testId="checkout-fees" />
      <Row label="Taxes (GST, PST)" cents={c.taxesCents} testId="checkout-taxes" />
      <AmountRow
        label="Total"
        amount={formatCents(c.grandTotalCents)}
        testId="checkout-total"
        className="flex items-center justify-between text-lg font-bold"
      />
      <Row label="On account" cents={c.accountTotalCents} testId="checkout-on-account-total" />
      <p className="flex items-center justify-between text-sm">
        <span className="flex items-center gap-1.5 text-muted">
          <WalletIcon aria-hidden className="h-4 w-4" /> Wallet balance
        </span>
        <span className="font-semibold tabular-nums" data-testid="checkout-balance">
          {c.wallet ? formatCurrency(c.wallet.balance) : "—"}
        </span>
      </p>
      {c.walletError !== undefined ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to fetch wallet
        </p>
      ) : null}
      {c.short || c.shortfall ? (
        <div
          role="alert"
          data-testid="checkout-shortfall"
          className="grid gap-3 rounded-xl border border-harvest-500 bg-harvest-400/15 p-3 text-sm text-ink"
        >
          <p className="flex items-start gap-2">
            <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-harvest-500" />
            <span>
              {c.shortfall ??
                `Insufficient balance: top up at least ${formatCents(c.missingCents)} to pay for this order.`}
            </span>
          </p>
          <TopUpDialog
            onToppedUp={(r) => c.toppedUp(r.wallet)}
            trigger={
              <Button variant="secondary" data-testid="checkout-topup">
                <Plus aria-hidden className="h-4 w-4" />
                Top Up
              </Button>
            }
          />
        </div>
      ) : null}
      {c.fulfilments.error ? (
        <div role="alert" className="grid gap-2 text-sm text-red-700">
          <p>
            {messageOf(c.fulfilments.error, "Could not load the farms' pickup and delivery times")}
          </p>
          <Button variant="outline" onClick={() => void c.fulfilments.mutate()}>
            Try again
          </Button>
        </div>
      ) : null}
      {c.refusal ? (
        <p role="alert" data-testid="checkout-refusal" className="text-sm font-medium text-red-700">
          {c.refusal}
        </p>
      ) : null}
      {c.attempted && [...c.states.values()].some((s) => s.state.problem) ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          Check the pickup and delivery choices above.
        </p>
      ) : null}
      <Button
        size="lg"
        onClick={() => void c.pay()}
        disabled={c.busy || c.short || !c.fulfilmentReady}
        data-testid="checkout-pay"
      >
        {payLabel(c)}
      </Button>
      <AlertQuestion
        open={c.repeatQuestion !== null}
        onOpenChange={(open) => !open && c.dismissRepeatQuestion()}
        title="Place another order?"
        description={(c.repeatQuestion ?? []).map((line) => (
          <p key={line}>{line}.</p>
        ))}
        cancelLabel="Cancel"
        confirmLabel="Place another order"
        onConfirm={() => void c.pay(true)}
        testId="repeat-order-question"
      />
      <p className="text-xs text-muted">
        Prices are confirmed by the farm&apos;s current catalogue when you pay.
      </p>
    </aside>
  );
}
