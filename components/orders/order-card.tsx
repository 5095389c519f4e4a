"use client";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { MapPin, Package, Pencil, Truck, XCircle } from "lucide-react";
import { IconCircle } from "@/components/ui/icon-circle";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import { useMoneyKey } from "@/lib/client/use-money-key";
import { formatCurrency, formatDistance, formatItemCount } from "@/lib/format";
import type { OrderDetailJson, OrderJson } from "@/lib/contracts/orders";
import { OrderAgainButton } from "./order-again-button";
import { OrderDetailDialog } from "./order-detail-dialog";
import { statusBadge } from "./status";
import { DateTime } from "@/components/ui/date-time";
import { OrderFulfilment, isEditable } from "./order-fulfilment";
import { orderKey, WALLET_KEY } from "@/lib/client/resources";

/** One order: farm, item count, distance in km, total, badge; actions when active. */
export function OrderCard({
  order: listed,
  onChanged,
}: {
  order: OrderJson;
  onChanged: () => void | Promise<void>;
}) {
  // An edit's answer, until the list behind is read again (when the dialog closes).
  const [edited, setEdited] = useState<{ of: OrderJson; order: OrderJson } | null>(null);
  const order = edited?.of === listed ? edited.order : listed;
  const { mutate } = useSWRConfig();
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [tracking, setTracking] = useState(false);
  const [editFirst, setEditFirst] = useState(false);
  const badge = statusBadge(order);
  const withKey = useMoneyKey();

  const cancel = async () => {
    setCancelling(true);
    try {
      const cancelled = await withKey((idempotencyKey) =>
        apiFetch<OrderDetailJson>(`/api/orders/${order.id}/cancel`, {
          method: "POST",
          idempotencyKey,
        }),
      );
      // The answer is the order's new detail; the refund changed the wallet.
      void mutate(orderKey(order.id), cancelled, { revalidate: false });
      void mutate(WALLET_KEY);
      setConfirming(false);
      toast({
        title: "Order Cancelled",
        description:
          order.payment === "account"
            ? `${formatCurrency(order.totalAmount)} is off your ${order.farm.farmName} statement`
            : `${formatCurrency(order.totalAmount)} has been refunded to your wallet`,
      });
      await onChanged();
    } catch (e) {
      toastFailure("Could not cancel order", e, "Please try again");
      setConfirming(false);
      await onChanged();
    } finally {
      setCancelling(false);
    }
  };

  return (
    <li
      data-testid="order-card"
      data-order-id={order.id}
      className="grid min-w-0 grid-cols-1 gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <IconCircle icon={Package} className="h-11 w-11 bg-brand-50 text-brand-800" />
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold text-ink" data-testid="order-farm">
              {order.farm.farmName}
            </h2>
            <p className="text-sm text-muted">
              Order #{order.id} · <DateTime value={order.createdAt} format="date" />
            </p>
          </div>
        </div>
        <Badge variant={badge.variant} data-testid="order-badge">
          {badge.label}
        </Badge>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-muted">Items</dt>
          <dd className="font-medium text-ink" data-testid="order-items">
            {formatItemCount(order.items)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Distance</dt>
          <dd className="flex items-center gap-1 font-medium text-ink" data-testid="order-distance">
            <MapPin aria-hidden className="h-3.5 w-3.5" />
            {formatDistance(order.distance, "km")}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Total</dt>
          <dd className="font-semibold text-ink tabular-nums" data-testid="order-total">
            {formatCurrency(order.totalAmount)}
            {order.payment === "account" ? (
              <span className="text-xs font-normal text-muted"> on account</span>
            ) : null}
          </dd>
        </div>
      </dl>
      <OrderFulfilment order={order} />
      {order.status === "active" ? (
        <div className="grid grid-cols-2 gap-2">
          <ConfirmDialog
            open={confirming}
            onOpenChange={(o) => !cancelling && setConfirming(o)}
            trigger={
              <Button variant="outline" className="text-red-700">
                <XCircle aria-hidden className="h-4 w-4" />
                Cancel Order
              </Button>
            }
            title="Cancel this order?"
            description={
              <>
                Your order from {order.farm.farmName} ({formatItemCount(order.items)}) will be
                cancelled and {formatCurrency(order.totalAmount)}{" "}
                {order.payment === "account"
                  ? "taken off your statement"
                  : "refunded to your wallet"}
                .
              </>
            }
            keepLabel="Keep Order"
            confirmLabel="Yes, Cancel Order"
            busyLabel="Cancelling..."
            busy={cancelling}
            onConfirm={cancel}
            confirmTestId="confirm-cancel"
          />
          <Button
            variant="primary"
            onClick={() => {
              toast({
                title: "Tracking Order",
                description: `Order #${order.id} from ${order.farm.farmName}`,
              });
              setTracking(true);
            }}
          >
            <Truck aria-hidden className="h-4 w-4" />
            Track Delivery
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="col-span-2"
            onClick={() => setTracking(true)}
          >
            Details<span className="sr-only"> of order #{order.id}</span>
          </Button>
          {order.fulfilment && isEditable(order) ? (
            <Button
              variant="secondary"
              className="col-span-2"
              onClick={() => {
                setEditFirst(true);
                setTracking(true);
              }}
            >
              <Pencil aria-hidden className="h-4 w-4" />
              Edit order
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="ghost" size="sm" onClick={() => setTracking(true)}>
            View details
          </Button>
          {order.status === "completed" ? <OrderAgainButton order={order} /> : null}
        </div>
      )}
      <OrderDetailDialog
        order={order}
        open={tracking}
        editOnOpen={editFirst}
        onOpenChange={(open) => {
          setTracking(open);
          if (!open) setEditFirst(false);
        }}
        onChanged={onChanged}
        onEdited={(saved) => setEdited({ of: listed, order: saved })}
      />
    </li>
  );
}
