"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useMoneyKey } from "@/lib/client/use-money-key";
import { useOpsPayouts } from "@/lib/client/resources";
import type { OpsFarmPayoutsJson, OpsPayoutJson } from "@/lib/contracts/ops";
import { formatCurrency, possessive } from "@/lib/format";
import { FormDialog, formText } from "@/components/ui/form-dialog";
import { OpsSection } from "./ops-section";
import { EmptyNote } from "@/components/ui/empty-note";
import { Loaded } from "./loaded";
import { FarmSwitchDialog } from "./farm-switch-dialog";
import { useStepUp } from "./step-up";

/** Ops → Payouts: mark manual payouts paid with a reference; hold or release a farm (step-up). */
export function PayoutsView() {
  const payouts = useOpsPayouts();
  const { guarded, dialog } = useStepUp();
  const withKey = useMoneyKey();
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
      await payouts.mutate();
    } catch (e) {
      setFormError(messageOf(e, "Could not save. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  /** Opens the paid or hold dialog for `target`, without the error the last one left. */
  function openFor<T>(setTarget: (target: T) => void, target: T) {
    setFormError(undefined);
    setTarget(target);
  }

  function submitPaid(p: OpsPayoutJson, form: FormData) {
    const reference = formText(form, "reference");
    void send(
      () =>
        withKey((idempotencyKey) =>
          apiFetch(`/api/ops/payouts/${p.id}/paid`, {
            method: "POST",
            json: { reference },
            idempotencyKey,
          }),
        ),
      `Payout #${p.id} marked paid`,
    );
  }

  function submitHold(f: OpsFarmPayoutsJson, form: FormData) {
    const reason = formText(form, "reason");
    const held = !f.payoutsHeld;
    void send(
      () =>
        withKey((idempotencyKey) =>
          apiFetch(`/api/ops/farms/${f.farmId}/payout-hold`, {
            method: "PUT",
            json: { held, reason },
            idempotencyKey,
          }),
        ),
      held
        ? `${possessive(f.farmName)} payouts are held`
        : `${possessive(f.farmName)} payouts are released`,
    );
  }

  return (
    <Loaded read={payouts} failed="Could not load the payouts" skeleton="h-40">
      {(data) => (
        <div className="grid gap-6">
          <OpsSection id="manual-title" title="Manual payouts waiting" className="grid gap-3">
            {data.manual.length === 0 ? (
              <EmptyNote>No manual payout is waiting.</EmptyNote>
            ) : (
              <ul className="grid gap-2">
                {data.manual.map((p) => (
                  <ManualPayoutRow key={p.id} payout={p} onPay={() => openFor(setPaying, p)} />
                ))}
              </ul>
            )}
          </OpsSection>
          <OpsSection id="farms-title" title="Farms" className="grid gap-3">
            <ul className="grid gap-2">
              {data.farms.map((f) => (
                <FarmPayoutsRow key={f.farmId} farm={f} onHold={() => openFor(setHolding, f)} />
              ))}
            </ul>
          </OpsSection>
          <FormDialog
            open={paying !== null}
            onClose={() => setPaying(null)}
            title={<>Mark payout #{paying?.id} paid</>}
            description={
              <>
                {paying ? `${formatCurrency(paying.amount)} to ${paying.farmName}. ` : null}Give the
                bank transfer&apos;s reference.
              </>
            }
            onSubmit={(form) => paying && submitPaid(paying, form)}
            submit="Mark paid"
            busy={busy}
          >
            <Field id="payout-reference" label="Reference" error={formError}>
              <Input id="payout-reference" name="reference" required maxLength={100} />
            </Field>
          </FormDialog>
          <FarmSwitchDialog
            farm={holding}
            on={holding?.payoutsHeld}
            verbs={["Hold", "Release"]}
            noun="payouts"
            description="The weekly run skips a farm while it is held."
            id="hold-reason"
            error={formError}
            busy={busy}
            onClose={() => setHolding(null)}
            onSubmit={(form) => holding && submitHold(holding, form)}
          />
          {dialog}
        </div>
      )}
    </Loaded>
  );
}

/** A manual payout waiting for its bank transfer, with the button that records it. */
function ManualPayoutRow({ payout: p, onPay }: { payout: OpsPayoutJson; onPay: () => void }) {
  return (
    <li
      aria-label={`Payout #${p.id}`}
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gray-200 p-4 text-sm"
    >
      <div className="grid gap-1">
        <p className="font-semibold text-ink">
          #{p.id} · {p.farmName} · {formatCurrency(p.amount)}
        </p>
        <p className="text-muted">
          Week to {p.periodEnd}
          {p.waitingReason ? ` · ${p.waitingReason}: Stripe cannot pay this farm yet` : ""}
        </p>
      </div>
      <Button onClick={onPay}>
        Mark paid<span className="sr-only"> payout #{p.id}</span>
      </Button>
    </li>
  );
}

/** A farm's balance and whether its payouts are held, with the hold or release button. */
function FarmPayoutsRow({ farm: f, onHold }: { farm: OpsFarmPayoutsJson; onHold: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gray-200 p-4 text-sm">
      <p>
        <span className="font-semibold text-ink">{f.farmName}</span> · balance{" "}
        {formatCurrency(f.balance)}
        {f.payoutsHeld ? <span className="font-semibold text-red-700"> · held</span> : null}
      </p>
      <Button variant="outline" onClick={onHold}>
        {f.payoutsHeld ? "Release" : "Hold"}
        <span className="sr-only"> {possessive(f.farmName)} payouts</span>
      </Button>
    </li>
  );
}
