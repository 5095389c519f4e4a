import { Lock, MapPin, Pencil } from "lucide-react";
import type { OrderJson } from "@/lib/contracts/orders";
import { formatCurrency, formatCutoff, formatSlot } from "@/lib/format";

/** Whether the buyer may still change the order: active and before its cutoff. */
export function isEditable(
  order: Pick<OrderJson, "status" | "editableUntil">,
  now = Date.now(),
): boolean {
  return (
    order.status === "active" &&
    order.editableUntil !== null &&
    now < Date.parse(order.editableUntil)
  );
}

/** Where an order is handed over: "Pickup at Kelowna Farmers' Market, 1304 Ellis St" or the delivery address. */
export function orderPlace(f: NonNullable<OrderJson["fulfilment"]>): string {
  if (f.kind === "pickup")
    return f.pickupPoint ? `Pickup at ${f.pickupPoint.name}, ${f.pickupPoint.address}` : "Pickup";
  return `Delivery to ${[f.address, f.postalCode].filter(Boolean).join(" ")}`;
}

/**
 * An order's slot and place, and until when it can be changed ("Editable until Thu 6 pm", or
 * "Locked" once the cutoff has passed). Times are the farm's local ones (docs/fulfilment.md).
 */
export function OrderFulfilment({
  order,
  showFee = false,
}: {
  order: OrderJson;
  showFee?: boolean;
}) {
  const f = order.fulfilment;
  if (!f) return null;
  const editable = isEditable(order);
  return (
    <div className="grid gap-1 rounded-xl bg-brand-50 p-3 text-sm" data-testid="order-fulfilment">
      <p className="font-semibold text-ink">{formatSlot(f.start, f.end)}</p>
      <p className="flex items-start gap-1.5 text-ink">
        <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
        <span>{orderPlace(f)}</span>
      </p>
      {showFee && f.kind === "delivery" ? (
        <p className="text-muted">Delivery fee {f.fee > 0 ? formatCurrency(f.fee) : "waived"}</p>
      ) : null}
      {order.status === "active" ? (
        <p
          className="flex items-center gap-1.5 text-muted"
          data-testid="order-editable"
          suppressHydrationWarning
        >
          {editable ? (
            <Pencil aria-hidden className="h-3.5 w-3.5" />
          ) : (
            <Lock aria-hidden className="h-3.5 w-3.5" />
          )}
          {editable ? `Editable until ${formatCutoff(f.cutoff)}` : "Locked"}
        </p>
      ) : null}
    </div>
  );
}
