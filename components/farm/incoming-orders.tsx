"use client";
import { useRef, useState } from "react";
import Link from "next/link";
import { PackageCheck, SlidersHorizontal } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadMoreButton } from "@/components/ui/load-more";
import { toast } from "@/components/ui/use-toast";
import { messageOf } from "@/lib/client/api";
import { submit, useOutbox } from "@/lib/client/offline/outbox";
import { waitingHandovers } from "@/lib/client/offline/queue";
import { useOrderEvents } from "@/components/orders/use-order-events";
import { usePaged } from "@/lib/client/use-paged";
import type { Page } from "@/lib/validators/page";
import { formatCurrency, formatSlotDay, formatSlotRange } from "@/lib/format";
import type { IncomingOrderJson } from "@/lib/contracts/farm";
import { DateTime } from "@/components/ui/date-time";
import type { AdjustmentJson } from "@/lib/contracts/adjustments";
import { orderPlace } from "@/components/orders/order-fulfilment";
import { AdjustLineDialog } from "./adjust-line-dialog";
import { ordersByDate } from "./orders-by-date";

/** An order handed over at a slot is completed from the slot's start (the server refuses earlier). */
const beforeSlot = (o: IncomingOrderJson, now = Date.now()) =>
  o.fulfilment !== null && now < Date.parse(o.fulfilment.start);

/**
 * The farm's active orders, oldest first, each with its items, its buyer and a "Mark completed"
 * button, grouped by the day they are handed over (each day links its pack list); the first page
 * is read with its count (`fromServer`), "Load more" appends the next. The server stays the source
 * of truth: a completed order leaves the list at once, and once the first page is read again
 * (`onChanged`, also on a live order event, docs/notifications.md) the list starts over from it.
 */
export function IncomingOrders({
  orders: fromServer,
  onChanged,
}: {
  orders: Page<IncomingOrderJson> & { total: number };
  /** Reads the first page again (a completion, a change, a live order event). */
  onChanged: () => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const list = usePaged<IncomingOrderJson>("/api/my-farm/orders", fromServer, listRef);
  const orders = list.page?.items ?? [];
  const total = Math.max(0, fromServer.total - list.removed);
  const [busy, setBusy] = useState<number | null>(null);
  const waitingToSend = waitingHandovers(useOutbox());
  // A new order, a cancel or an accepted change arrives live: the server's page is the truth.
  useOrderEvents(onChanged);
  const [adjusting, setAdjusting] = useState<{
    order: IncomingOrderJson;
    item: IncomingOrderJson["items"][number];
  } | null>(null);

  function adjusted(order: IncomingOrderJson, card: AdjustmentJson) {
    const amount = formatCurrency(Math.abs(card.delta));
    toast({
      title: card.status === "applied" ? "Order adjusted" : "Change sent to the buyer",
      description:
        card.status === "applied"
          ? `${amount} was refunded to ${order.buyer.fullName}. They see the change in your conversation.`
          : `${order.buyer.fullName} can accept or decline it in your conversation.`,
    });
    onChanged();
  }

  async function complete(order: IncomingOrderJson) {
    setBusy(order.id);
    try {
      // Through the outbox (docs/offline.md): offline the handover waits on the phone.
      const res = await submit<{ order: IncomingOrderJson; notified: boolean }>(
        { kind: "handover", orderId: order.id },
        `Handed over order #${order.id}`,
      );
      if (res.status === "refused") throw res.error;
      if (res.status === "queued") {
        toast({
          title: "Waiting to send",
          description: `Order #${order.id} is completed on this device and is sent when you are back online.`,
        });
        return;
      }
      list.remove((o) => o.id !== order.id);
      toast({
        title: "Order completed",
        description: res.value.notified
          ? `${order.buyer.fullName} has been sent a message that order #${order.id} is ready.`
          : `Order #${order.id} is completed.`,
      });
      onChanged();
    } catch (e) {
      toast({
        title: "Could not complete the order",
        description: messageOf(e, "Please try again."),
        variant: "destructive",
      });
      onChanged();
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="incoming-title" className="grid gap-3">
      <h2 id="incoming-title" className="text-lg font-bold text-ink">
        Incoming orders ({total})
      </h2>
      {orders.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-sm text-muted">
          No active orders right now. New orders appear here as soon as they are paid.
        </p>
      ) : (
        <div ref={listRef} className="grid gap-5">
          {ordersByDate(orders).map((group) => {
            const day = group.date ? formatSlotDay(`${group.date}T00:00`) : "No date";
            return (
              <section
                key={group.date ?? "none"}
                className="grid gap-3"
                data-testid="incoming-date"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="text-base font-bold text-ink">{day}</h3>
                  {group.date ? (
                    <Link
                      href={`/my-farm/pack-list?date=${group.date}`}
                      className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
                    >
                      Pack list<span className="sr-only"> for {day}</span>
                    </Link>
                  ) : null}
                </div>
                <ul className="grid gap-3">
                  {group.orders.map((o) => (
                    <li
                      key={o.id}
                      data-testid="incoming-order"
                      className="grid gap-3 rounded-2xl border border-gray-200 p-4"
                    >
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <div>
                          <h4 className="font-bold text-ink">Order #{o.id}</h4>
                          <p className="text-sm text-muted">
                            for <span className="font-medium text-ink">{o.buyer.fullName}</span> ·{" "}
                            <DateTime value={o.createdAt} format="dateTime" />
                          </p>
                          {o.fulfilment ? (
                            <p className="text-sm text-ink" data-testid="incoming-slot">
                              {formatSlotRange(o.fulfilment.start, o.fulfilment.end)} ·{" "}
                              {orderPlace(o.fulfilment)}
                            </p>
                          ) : null}
                        </div>
                        <p className="grid justify-items-end gap-1 text-right">
                          <span className="font-bold text-ink">
                            {formatCurrency(o.totalAmount)}
                          </span>
                          {o.payment === "account" ? (
                            <Badge variant="secondary" data-testid="incoming-on-account">
                              On account
                            </Badge>
                          ) : null}
                        </p>
                      </div>
                      <ul className="grid gap-1 text-sm" aria-label={`Items of order #${o.id}`}>
                        {o.items.map((i) => (
                          <li key={i.id} className="flex items-center justify-between gap-2">
                            <span>
                              {i.quantity} × {i.productName}
                            </span>
                            <span className="flex items-center gap-2">
                              <span className="text-muted">{formatCurrency(i.subtotal)}</span>
                              <Button
                                size="sm"
                                variant="secondary"
                                onClick={() => setAdjusting({ order: o, item: i })}
                              >
                                <SlidersHorizontal aria-hidden className="h-4 w-4" />
                                Adjust
                                <span className="sr-only">
                                  {" "}
                                  {i.productName} in order #{o.id}
                                </span>
                              </Button>
                            </span>
                          </li>
                        ))}
                      </ul>
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <Button
                          onClick={() => complete(o)}
                          disabled={busy !== null || beforeSlot(o) || waitingToSend.has(o.id)}
                          aria-describedby={beforeSlot(o) ? `complete-from-${o.id}` : undefined}
                        >
                          <PackageCheck aria-hidden className="h-4 w-4" />
                          {waitingToSend.has(o.id)
                            ? "Completed · waiting to send"
                            : busy === o.id
                              ? "Completing..."
                              : "Mark completed"}
                          <span className="sr-only"> order #{o.id}</span>
                        </Button>
                        {beforeSlot(o) && o.fulfilment ? (
                          <p id={`complete-from-${o.id}`} className="text-sm text-muted">
                            From {formatSlotDay(o.fulfilment.start)}, when its {o.fulfilment.kind}{" "}
                            starts: until the cutoff the buyer can still cancel.
                          </p>
                        ) : null}
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
      {adjusting ? (
        <AdjustLineDialog
          key={`${adjusting.order.id}-${adjusting.item.id}`}
          order={adjusting.order}
          item={adjusting.item}
          open
          onOpenChange={(open) => {
            if (!open) setAdjusting(null);
          }}
          onDone={(card) => adjusted(adjusting.order, card)}
        />
      ) : null}
      {orders.length > 0 ? <LoadMoreButton list={list} label="orders" /> : null}
    </section>
  );
}
