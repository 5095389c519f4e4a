"use client";
import { useState } from "react";
import { AlertTriangle, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { AddressDialog } from "@/components/profile/address-dialog";
import { slotPlace } from "@/components/fulfilment/slot-text";
import { cn } from "@/lib/cn";
import type { AddressJson, FarmFulfilmentJson } from "@/lib/contracts/fulfilment";
import { formatCurrency, formatCutoff, formatSlot } from "@/lib/format";
import { isOpen, type Choice, type FarmState } from "./fulfilment-choice";

const radioCard =
  "flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border border-gray-300 bg-white p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600";

/**
 * One farm's pickup-or-delivery choice at checkout: the kind, the slot (full ones disabled), and
 * for delivery the address from the buyer's book with its zone fee. `problem` (what still stops
 * paying) shows at once, or once the buyer tried to pay when it is only a choice not made yet; `serverError` is the server's refusal for this farm.
 */
export function FarmFulfilment({
  farm,
  state,
  choice,
  onChange,
  addresses,
  showProblem,
  serverError,
}: {
  farm: FarmFulfilmentJson;
  state: FarmState;
  choice: Choice;
  onChange: (choice: Choice) => void;
  addresses: AddressJson[] | undefined;
  showProblem: boolean;
  serverError: string | null;
}) {
  const [adding, setAdding] = useState(false);
  const id = `ff-${farm.farmId}`;
  if (!state.needsSlot) {
    // A farm without windows shows nothing new, unless its minimum or the server stops the order.
    const message = serverError ?? state.problem;
    return message ? <Problem id={`${id}-problem`} message={message} /> : null;
  }
  const pickKind = (kind: "pickup" | "delivery") => {
    const first = farm.slots.find((s) => s.kind === kind && isOpen(s));
    onChange({ ...choice, kind, slotId: first?.slotId });
  };
  const message = serverError ?? (showProblem || !state.unchosen ? state.problem : null);

  return (
    <div
      className="mt-3 grid gap-3 border-t border-gray-100 pt-3"
      data-testid="checkout-fulfilment"
    >
      {state.kinds.length > 1 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold text-ink">Pickup or delivery</legend>
          <div className="grid grid-cols-2 gap-2">
            {state.kinds.map((k) => (
              <label key={k} className={radioCard}>
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={k}
                  checked={state.kind === k}
                  onChange={() => pickKind(k)}
                  className="mt-0.5 h-5 w-5 accent-brand-700"
                />
                <span className="font-semibold text-ink">
                  {k === "pickup" ? "Pickup" : "Delivery"}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">
          {state.kind === "delivery" ? "Delivery time" : "Pickup time"}
        </legend>
        <div className="grid gap-2">
          {state.slots.map((s) => {
            const open = isOpen(s);
            return (
              <label key={s.slotId} className={radioCard} data-testid="slot-option">
                <input
                  type="radio"
                  name={`${id}-slot`}
                  value={s.slotId}
                  checked={choice.slotId === s.slotId}
                  disabled={!open}
                  onChange={() => onChange({ ...choice, slotId: s.slotId })}
                  className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
                />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="font-semibold text-ink">
                    {formatSlot(s.start, s.end)} · order by {formatCutoff(s.cutoff)}
                  </span>
                  <span className="text-muted">
                    {slotPlace(s)}
                    {s.pickupPoint ? `, ${s.pickupPoint.address}` : ""}
                  </span>
                </span>
                {open ? null : <span className="shrink-0 font-semibold text-red-700">Full</span>}
              </label>
            );
          })}
        </div>
      </fieldset>

      {state.kind === "delivery" ? (
        <div className="grid gap-2">
          {addresses === undefined ? (
            <p className="text-sm text-muted">Loading your addresses...</p>
          ) : addresses.length === 0 ? (
            <p className="text-sm text-muted">
              Add a delivery address to have {farm.farmName} deliver to you.
            </p>
          ) : (
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-address`} className="text-sm font-semibold text-ink">
                Deliver to
              </label>
              <select
                id={`${id}-address`}
                value={choice.addressId ?? ""}
                onChange={(e) =>
                  onChange({
                    ...choice,
                    addressId: e.target.value ? Number(e.target.value) : undefined,
                  })
                }
                className="block h-12 w-full rounded-lg border border-gray-400 bg-white px-3 text-base text-ink"
              >
                <option value="">Choose an address</option>
                {addresses.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.label}: {a.line1}, {a.city} {a.postalCode}
                  </option>
                ))}
              </select>
            </div>
          )}
          <Button variant="link" className="justify-self-start" onClick={() => setAdding(true)}>
            <Plus aria-hidden className="h-4 w-4" /> Add an address
          </Button>
          <AddressDialog
            open={adding}
            onOpenChange={setAdding}
            onSaved={(a) => onChange({ ...choice, addressId: a.id })}
          />
          {state.zone ? (
            <p className="text-sm text-ink" data-testid="delivery-fee">
              {state.fee > 0 ? `Delivery ${formatCurrency(state.fee)}` : "Free delivery"}
              {state.feeNote && state.fee > 0 ? ` · ${state.feeNote}` : ""}
            </p>
          ) : null}
        </div>
      ) : null}

      {farm.minimumOrder > 0 ? (
        <p className="text-xs text-muted">Minimum order {formatCurrency(farm.minimumOrder)}</p>
      ) : null}
      {message ? <Problem id={`${id}-problem`} message={message} /> : null}
    </div>
  );
}

function Problem({ id, message }: { id: string; message: string }) {
  return (
    <p
      id={id}
      role="alert"
      data-testid="farm-problem"
      className={cn(
        "flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-700",
      )}
    >
      <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
