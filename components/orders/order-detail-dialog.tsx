"use client";
import { useState } from "react";
import { Lock, Pencil } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LoadingStatus } from "@/components/ui/loading-status";
import { Badge } from "@/components/ui/badge";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { messageOf } from "@/lib/client/api";
import { formatDistance } from "@/lib/format";
import type { OrderJson } from "@/lib/contracts/orders";
import { eventTitle, statusBadge } from "./status";
import { DateTime } from "@/components/ui/date-time";
import { AdjustmentCard } from "@/components/adjustments/adjustment-card";
import { useAuth } from "@/components/auth/auth-provider";
import { OrderEdit } from "./order-edit";
import { isEditable, OrderFulfilment } from "./order-fulfilment";
import { RepeatWeeklyButton } from "@/components/standing/repeat-weekly-button";
import { useOrderDetail } from "@/lib/client/resources";
import { OrderLines, ReceiptLink } from "./order-lines";
import { MessageFarmLink } from "@/components/messages/message-farm-link";

/**
 * Track Delivery: the order's slot and place, items, times and status history (GET
 * /api/orders/{id}); before the cutoff "Edit order" changes its lines (docs/fulfilment.md).
 */
export function OrderDetailDialog({
  order,
  open,
  onOpenChange,
  onChanged,
  onEdited,
  editOnOpen = false,
}: {
  order: OrderJson;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged?: () => void | Promise<void>;
  /** The order as an edit left it, at once: the card behind the dialog shows its new total. */
  onEdited?: (order: OrderJson) => void;
  /** Opened from the card's "Edit order": the editor shows at once. */
  editOnOpen?: boolean;
}) {
  // null until the buyer chooses: then the dialog opens the way it was asked to.
  const [choice, setEditing] = useState<boolean | null>(null);
  const editing = choice ?? editOnOpen;
  // The list behind is refreshed once the dialog closes: refreshing it now would unmount this card.
  const [edited, setEdited] = useState(false);
  // Fetched when the dialog opens, and again on every later opening (the status may have moved).
  const {
    data: detail,
    error: failed,
    mutate,
  } = useOrderDetail(open ? order.id : null, { revalidateOnMount: true });
  const { user } = useAuth();
  const error = failed ? messageOf(failed, "Failed to fetch order") : null;

  const shown = detail ?? { ...order, events: null };
  const badge = statusBadge(shown);
  const editable = isEditable(shown);
  return (
    <TitledDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setEditing(null);
          if (edited) {
            setEdited(false);
            void onChanged?.();
          }
        }
        onOpenChange(o);
      }}
      title={<>Order #{order.id}</>}
      description={
        <>
          {order.farm.farmName} · {formatDistance(order.distance, "km")} away
        </>
      }
      data-testid="order-detail"
      // One shrinkable column: a long product name or option must wrap, not widen the phone.
      className="grid-cols-[minmax(0,1fr)]"
    >
      <div className="flex items-center justify-between gap-3 text-sm">
        <Badge variant={badge.variant}>{badge.label}</Badge>
        <span className="text-muted">
          Placed <DateTime value={order.createdAt} format="dateTime" />
        </span>
      </div>
      <OrderFulfilment order={shown} showFee />
      {editing && editable ? (
        <OrderEdit
          order={shown}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            setEdited(true);
            onEdited?.(saved);
          }}
        />
      ) : (
        <section aria-labelledby={`items-${order.id}`} className="grid gap-2">
          <OrderLines order={shown} headingId={`items-${order.id}`} />
          {shown.status === "active" && shown.fulfilment ? (
            editable ? (
              <Button
                variant="secondary"
                className="justify-self-start"
                onClick={() => setEditing(true)}
              >
                <Pencil aria-hidden className="h-4 w-4" /> Edit order
              </Button>
            ) : (
              <p className="flex items-center gap-1.5 text-sm text-muted">
                <Lock aria-hidden className="h-4 w-4" /> Locked: the cutoff has passed
              </p>
            )
          ) : null}
          <RepeatWeeklyButton order={shown} />
        </section>
      )}
      <ReceiptLink orderId={order.id} />
      {detail && detail.adjustments.length > 0 ? (
        <section aria-labelledby={`adjustments-${order.id}`} className="grid gap-2">
          <h3 id={`adjustments-${order.id}`} className="font-semibold text-ink">
            Changes from the farm
          </h3>
          {detail.adjustments.map((a) => (
            <AdjustmentCard
              key={a.id}
              card={a}
              me={user?.id ?? 0}
              headingLevel={4}
              className="max-w-none"
              onDecided={async () => {
                // As after an edit: the list refreshes when the dialog closes (now would unmount it).
                setEdited(true);
                await mutate();
              }}
            />
          ))}
        </section>
      ) : null}
      <MessageFarmLink farmUserId={order.farm.userId} farmName={order.farm.farmName} />
      <section aria-labelledby={`history-${order.id}`} className="grid gap-2">
        <h3 id={`history-${order.id}`} className="font-semibold text-ink">
          Status history
        </h3>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : shown.events === null ? (
          <LoadingStatus small>Loading status history...</LoadingStatus>
        ) : (
          <ol className="grid gap-3 border-l-2 border-brand-200 pl-4" data-testid="order-history">
            {shown.events.map((e, idx) => (
              <li key={idx} className="relative text-sm">
                <span
                  aria-hidden
                  className="absolute top-1 -left-[1.4rem] h-2.5 w-2.5 rounded-full bg-brand-700"
                />
                <p className="font-semibold text-ink">{eventTitle(e, idx)}</p>
                {e.note ? <p className="text-muted">{e.note}</p> : null}
                <p className="text-xs text-muted">
                  <DateTime value={e.createdAt} format="dateTime" />
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </TitledDialog>
  );
}
