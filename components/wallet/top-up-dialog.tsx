"use client";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { useBusyDialog } from "@/components/ui/use-busy-dialog";
import { AmountInput } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch, newIdempotencyKey } from "@/lib/client/api";
import { formatCurrency } from "@/lib/format";
import type { TopUpResult } from "@/lib/contracts/wallet";
import type { CardTopUpStarted } from "@/lib/contracts/payments";
import { INVALID_AMOUNT, MAX_TOP_UP, topUpFormSchema } from "@/lib/validators/wallet";

const QUICK_AMOUNTS = [10, 25, 50, 100];

/**
 * The top-up dialog (docs/product.md, "Orders, wallet, profile"), shared by /wallet and /checkout. Each submission
 * carries its own Idempotency-Key, so a request the network retries is credited once. With card
 * payments on, the answer is a Checkout page to go to; the wallet waits for the webhook on return.
 */
export function TopUpDialog({
  trigger,
  onToppedUp,
}: {
  trigger: React.ReactNode;
  onToppedUp: (result: TopUpResult) => void | Promise<void>;
}) {
  const [amount, setAmount] = useState("");
  const [invalid, setInvalid] = useState(false);
  const dialog = useBusyDialog();
  const inputId = useId();
  const errorId = useId();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void dialog.run(async () => {
      const parsed = topUpFormSchema.safeParse({ amount });
      if (!parsed.success) {
        setInvalid(true);
        toast({ title: "Invalid Amount", description: INVALID_AMOUNT, variant: "destructive" });
        return;
      }
      setInvalid(false);
      try {
        const result = await apiFetch<TopUpResult | CardTopUpStarted>("/api/transactions/topup", {
          method: "POST",
          json: { amount: parsed.data.amount },
          idempotencyKey: newIdempotencyKey(),
        });
        if ("checkoutUrl" in result) {
          // Card payments: the wallet says "Top Up Successful" once Stripe's webhook credits it.
          window.location.assign(result.checkoutUrl);
          return;
        }
        toast({
          title: "Top Up Successful",
          description: `${formatCurrency(parsed.data.amount)} has been added to your wallet`,
        });
        dialog.close();
        setAmount("");
        await onToppedUp(result);
      } catch (err) {
        toastFailure("Top Up Failed", err, "Failed to process top up");
      }
    });
  };

  return (
    <TitledDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={trigger}
      title="Top Up Wallet"
      description={
        <>
          Add money to your wallet to pay for orders. Up to {formatCurrency(MAX_TOP_UP)} at a time.
        </>
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Amount (USD)</Label>
          <div className="relative">
            <span
              aria-hidden
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted"
            >
              $
            </span>
            <AmountInput
              id={inputId}
              name="amount"
              placeholder="0.00"
              autoFocus
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              className="pl-7"
              data-testid="topup-amount"
            />
          </div>
          {invalid ? (
            <p id={errorId} className="text-sm font-medium text-red-700">
              {INVALID_AMOUNT}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Quick amounts">
          {QUICK_AMOUNTS.map((a) => (
            <Button
              key={a}
              variant="outline"
              size="sm"
              onClick={() => setAmount(String(a))}
              disabled={dialog.busy}
            >
              {formatCurrency(a)}
            </Button>
          ))}
        </div>
        <Button type="submit" size="lg" disabled={dialog.busy} data-testid="topup-submit">
          {dialog.busy ? "Processing..." : "Top Up"}
        </Button>
      </form>
    </TitledDialog>
  );
}
