"use client";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { Field } from "@/components/ui/field";
import { Input, inputClass } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useMoneyKey } from "@/lib/client/use-money-key";
import { formatCurrency } from "@/lib/format";
import type { AdjustmentJson } from "@/lib/contracts/adjustments";
import type { IncomingOrderJson } from "@/lib/contracts/farm";
import { ADJUSTMENT_NOTE_MAX } from "@/lib/validators/adjustments";
import { MAX_QUANTITY } from "@/lib/validators/orders";
import { useMyProducts } from "@/lib/client/resources";

type Item = IncomingOrderJson["items"][number];

/**
 * My Farm → Incoming orders → Adjust (docs/adjustments.md): one line of an order gets a new
 * quantity (short-pick, actual weight) and/or a substitute from the farm's own products, with an
 * optional note. Lower quantities apply at once with a refund; anything else goes to the buyer as
 * a card in the conversation.
 */
export function AdjustLineDialog({
  order,
  item,
  open,
  onOpenChange,
  onDone,
}: {
  order: IncomingOrderJson;
  item: Item;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (card: AdjustmentJson) => void;
}) {
  const id = useId();
  const [quantity, setQuantity] = useState(String(item.quantity));
  const [substitute, setSubstitute] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const withKey = useMoneyKey();
  const [errors, setErrors] = useState<{ quantity?: string; form?: string }>({});
  const { data: products, error: productsFailed } = useMyProducts(open);
  const inOrder = new Set(order.items.map((i) => i.productId));
  const choices = (products ?? []).filter((p) => !p.isHidden && !inOrder.has(p.id));

  async function submit() {
    const q = Number(quantity);
    if (quantity.trim() === "" || !Number.isInteger(q) || q < 0 || q > MAX_QUANTITY) {
      setErrors({ quantity: `Quantity must be a whole number from 0 to ${MAX_QUANTITY}` });
      return;
    }
    const substituteProductId = substitute ? Number(substitute) : undefined;
    if (q === item.quantity && substituteProductId === undefined) {
      setErrors({ quantity: "Change the quantity or choose a substitute" });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const card = await withKey((idempotencyKey) =>
        apiFetch<AdjustmentJson>(`/api/my-farm/orders/${order.id}/adjustments`, {
          method: "POST",
          idempotencyKey,
          json: {
            lines: [
              {
                itemId: item.id,
                quantity: q,
                ...(substituteProductId ? { substituteProductId } : {}),
              },
            ],
            ...(note.trim() ? { note: note.trim() } : {}),
          },
        }),
      );
      onDone(card);
      onOpenChange(false);
    } catch (e) {
      setErrors({ form: messageOf(e, "Could not adjust the order. Please try again.") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      data-testid="adjust-dialog"
      title={<>Adjust {item.productName}</>}
      description={
        <>
          Order #{order.id} for {order.buyer.fullName}: {item.quantity} × {item.productName} at{" "}
          {formatCurrency(item.price)}. A lower quantity is refunded at once; a higher one or a
          substitute waits for the buyer to accept.
        </>
      }
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field
          id={`${id}-quantity`}
          label="New quantity"
          hint="0 removes the line"
          error={errors.quantity}
        >
          <Input
            id={`${id}-quantity`}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_QUANTITY}
            step={1}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </Field>
        <Field
          id={`${id}-substitute`}
          label="Substitute"
          hint={
            productsFailed
              ? "Your products could not be loaded"
              : products
                ? undefined
                : "Loading your products..."
          }
        >
          <select
            id={`${id}-substitute`}
            className={inputClass}
            value={substitute}
            onChange={(e) => setSubstitute(e.target.value)}
          >
            <option value="">No substitute (keep {item.productName})</option>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} · {formatCurrency(p.price)}/{p.unit}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-note`} label="Note to the buyer (optional)">
          <Textarea
            id={`${id}-note`}
            rows={2}
            maxLength={ADJUSTMENT_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-800">
            {errors.form}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <SubmitButton busy={busy} busyLabel="Sending...">
            Send adjustment
          </SubmitButton>
        </div>
      </form>
    </TitledDialog>
  );
}
