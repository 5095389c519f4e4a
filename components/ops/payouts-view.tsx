"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useOpsPayouts } from "@/lib/client/resources";
import type { OpsFarmPayoutsJson, OpsPayoutJson } from "@/lib/contracts/ops";
import { formatCurrency } from "@/lib/format";
import { useStepUp } from "./step-up";

/** Ops → Payouts: mark manual payouts paid with a reference; hold or release a farm (step-up). */
export function PayoutsView() {
  const { data, error, mutate, isValidating } = useOpsPayouts();
  const { guarded, dialog } = useStepUp();
  const [paying, setPaying] = useState<OpsPayoutJson | null>(null);
  const [holding, setHolding] = useState<OpsFarmPayoutsJson | null>(null);
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function send(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    setFormError(undefined);
    try {
      const result = await guarded(work);
      if (result === undefined) return;
      toast({ title: done });
      setPaying(null);
      setHolding(null);
      await mutate();
    } catch (e) {
      setFormError(messageOf(e, "Could not save. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  function submitPaid(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const p = paying;
    if (!p) return;
    const reference = String(new FormData(e.currentTarget).get("reference") ?? "").trim();
    void send(
      () => apiFetch(`/api/ops/payouts/${p.id}/paid`, { method: "POST", json: { reference } }),
      `Payout #${p.id} marked paid`,
    );
  }

  function submitHold(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = holding;
    if (!f) return;
    const reason = String(new FormData(e.currentTarget).get("reason") ?? "").trim();
    const held = !f.payoutsHeld;
    void send(
      () =>
        apiFetch(`/api/ops/farms/${f.farmId}/payout-hold`, {
          method: "PUT",
          json: { held, reason },
        }),
      held ? `${f.farmName}'s payouts are held` : `${f.farmName}'s payouts are released`,
    );
  }

  if (error)
    return (
      <LoadError
        message="Could not load the payouts"
        onRetry={() => mutate()}
        busy={isValidating}
      />
    );
  if (!data) return <Skeleton className="h-40 rounded-2xl" />;
  return (
    <div className="grid gap-6">
      <section aria-labelledby="manual-title" className="grid gap-3">
        <h2 id="manual-title" className="text-xl font-semibold text-ink">
          Manual payouts waiting
        </h2>
        {data.manual.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-gray-300 p-6 text-muted">
            No manual payout is waiting.
          </p>
        ) : (
          <ul className="grid gap-2">
            {data.manual.map((p) => (
              <li
                key={p.id}
                aria-label={`Payout #${p.id}`}
                className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gray-200 p-4 text-sm"
              >
                <div className="grid gap-1">
                  <p className="font-semibold text-ink">
                    #{p.id} · {p.farmName} · {formatCurrency(p.amount)}
                  </p>
                  <p className="text-muted">Week to {p.periodEnd}</p>
                </div>
                <Button
                  onClick={() => {
                    setFormError(undefined);
                    setPaying(p);
                  }}
                >
                  Mark paid<span className="sr-only"> payout #{p.id}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="farms-title" className="grid gap-3">
        <h2 id="farms-title" className="text-xl font-semibold text-ink">
          Farms
        </h2>
        <ul className="grid gap-2">
          {data.farms.map((f) => (
            <li
              key={f.farmId}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gray-200 p-4 text-sm"
            >
              <p>
                <span className="font-semibold text-ink">{f.farmName}</span> · balance{" "}
                {formatCurrency(f.balance)}
                {f.payoutsHeld ? <span className="font-semibold text-red-700"> · held</span> : null}
              </p>
              <Button
                variant="outline"
                onClick={() => {
                  setFormError(undefined);
                  setHolding(f);
                }}
              >
                {f.payoutsHeld ? "Release" : "Hold"}
                <span className="sr-only"> {f.farmName}&apos;s payouts</span>
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <Dialog open={paying !== null} onOpenChange={(open) => !open && setPaying(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Mark payout #{paying?.id} paid</DialogTitle>
            <DialogDescription>
              {paying ? `${formatCurrency(paying.amount)} to ${paying.farmName}. ` : null}Give the
              bank transfer&apos;s reference.
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={submitPaid} className="grid gap-4">
            <Field id="payout-reference" label="Reference" error={formError}>
              <Input id="payout-reference" name="reference" required maxLength={100} />
            </Field>
            <Button type="submit" disabled={busy}>
              Mark paid
            </Button>
          </form>
        </DialogContent>
      </Dialog>
      <Dialog open={holding !== null} onOpenChange={(open) => !open && setHolding(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {holding?.payoutsHeld ? "Release" : "Hold"} {holding?.farmName}&apos;s payouts
            </DialogTitle>
            <DialogDescription>The weekly run skips a farm while it is held.</DialogDescription>
          </DialogHeader>
          <form onSubmit={submitHold} className="grid gap-4">
            <Field id="hold-reason" label="Reason" error={formError}>
              <Input id="hold-reason" name="reason" required maxLength={500} />
            </Field>
            <Button type="submit" disabled={busy}>
              {holding?.payoutsHeld ? "Release payouts" : "Hold payouts"}
            </Button>
          </form>
        </DialogContent>
      </Dialog>
      {dialog}
    </div>
  );
}
