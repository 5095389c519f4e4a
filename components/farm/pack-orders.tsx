"use client";
import { useEffect, useRef, useState } from "react";
import { Clock, PackageCheck, Undo2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { DialogHeading } from "@/components/ui/dialog-heading";
import { DateTime } from "@/components/ui/date-time";
import { useBusyDialog } from "@/components/ui/use-busy-dialog";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import { useMoneyKey } from "@/lib/client/use-money-key";
import { submit, useOutbox } from "@/lib/client/offline/outbox";
import { packedWithOutbox, waitingHandovers } from "@/lib/client/offline/queue";
import { formatSlotDay, formatSlotRange } from "@/lib/format";
import type { PackListJson, PackTicksJson } from "@/lib/contracts/fulfilment";
import { HANDOVER_UNDO_MINUTES } from "@/lib/validators/fulfilment";

type PackOrder = PackListJson["orders"][number];
const UNDO_MS = HANDOVER_UNDO_MINUTES * 60_000;

/** The clock for "can this still be undone", read after hydration so server and browser agree. */
function useMinuteClock(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const every = setInterval(tick, 15_000);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, []);
  return now;
}

/**
 * The pack list's orders (docs/fulfilment.md): each active order with a tick per line and one for
 * the whole order, kept on the server; a confirmed "Handed over" completes it, with Undo in the
 * toast (and on the handed-over list) for HANDOVER_UNDO_MINUTES. The server's list stays the
 * truth: after a handover or an undo it is read again (`onChanged`). Ticks and handovers go through the
 * outbox (docs/offline.md): offline they wait on the phone, shown as made, and are sent later.
 */
export function PackOrders({ list, onChanged }: { list: PackListJson; onChanged: () => void }) {
  const now = useMinuteClock();
  const [packed, setPacked] = useState<Record<number, number[]>>(() =>
    Object.fromEntries(list.orders.map((o) => [o.id, o.packed])),
  );
  const [handing, setHanding] = useState<PackOrder | null>(null);
  const dialog = useBusyDialog({ onClose: () => setHanding(null) });
  const withKey = useMoneyKey();
  const outbox = useOutbox();
  const waitingToSend = waitingHandovers(outbox);
  const toPack = list.orders.filter((o) => o.status === "active");
  const handedOver = list.orders.filter((o) => o.status === "completed");

  // The latest tick sent per order: an earlier tick's answer arriving after it must not undo it.
  const latest = useRef(new Map<number, number>());

  async function tick(order: PackOrder, productId: number | null, on: boolean) {
    const sent = (latest.current.get(order.id) ?? 0) + 1;
    latest.current.set(order.id, sent);
    const isLatest = () => latest.current.get(order.id) === sent;
    const before = packed[order.id] ?? [];
    const lines = order.items.map((i) => i.productId);
    const guess =
      productId === null
        ? on
          ? lines
          : []
        : on
          ? [...new Set([...before, productId])]
          : before.filter((p) => p !== productId);
    setPacked((p) => ({ ...p, [order.id]: guess }));
    const line = order.items.find((i) => i.productId === productId);
    const label = `${on ? "Packed" : "Unpacked"} ${line ? `${line.quantity} × ${line.productName} of ` : "all of "}order #${order.id}`;
    try {
      // Offline (or with no answer) the tick waits in the outbox and shows as packed meanwhile.
      const res = await submit<PackTicksJson>(
        { kind: "tick", orderId: order.id, productId, packed: on },
        label,
      );
      if (res.status === "sent" && isLatest())
        setPacked((p) => ({ ...p, [order.id]: res.value.packed }));
      if (res.status === "refused") {
        if (isLatest()) setPacked((p) => ({ ...p, [order.id]: before }));
        toastFailure("Could not save the tick", res.error);
      }
    } catch (e) {
      if (isLatest()) setPacked((p) => ({ ...p, [order.id]: before }));
      toastFailure("Could not save the tick", e);
    }
  }

  async function undo(order: PackOrder) {
    try {
      await withKey((idempotencyKey) =>
        apiFetch(`/api/my-farm/orders/${order.id}/undo-complete`, {
          method: "POST",
          idempotencyKey,
        }),
      );
      toast({
        title: "Handover undone",
        description: `Order #${order.id} is back on the list to pack.`,
      });
    } catch (e) {
      toastFailure("Could not undo the handover", e);
    }
    onChanged();
  }

  function handOver(order: PackOrder) {
    return dialog.run(async () => {
      try {
        const res = await submit<{ notified: boolean }>(
          { kind: "handover", orderId: order.id },
          `Handed over order #${order.id}`,
        );
        if (res.status === "refused") throw res.error;
        dialog.close();
        setHanding(null);
        if (res.status === "queued") {
          // Nothing to read again offline: the card shows the handover as waiting to send.
          toast({
            title: "Waiting to send",
            description: `Order #${order.id} is handed over on this device and is sent when you are back online.`,
          });
          return;
        }
        const shown = toast({
          title: "Handed over",
          description: res.value.notified
            ? `Order #${order.id} is completed and ${order.buyer.fullName} has been told.`
            : `Order #${order.id} is completed.`,
          duration: UNDO_MS,
          action: {
            label: "Undo",
            altText: `Undo it from the handed-over list for ${HANDOVER_UNDO_MINUTES} minutes`,
            onClick: () => {
              shown.dismiss();
              void undo(order);
            },
          },
        });
      } catch (e) {
        toastFailure("Could not hand over the order", e);
      }
      onChanged();
    });
  }

  return (
    <>
      <section aria-labelledby="orders-title" className="grid gap-3">
        <h3 id="orders-title" className="text-base font-bold text-ink">
          Orders to pack ({toPack.length})
        </h3>
        {toPack.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-gray-300 p-6 text-center text-sm text-muted">
            Every order of this day is handed over.
          </p>
        ) : (
          <ol className="grid gap-3 md:grid-cols-2 print:grid-cols-2">
            {toPack.map((o) => {
              const done = packedWithOutbox(
                o.id,
                o.items.map((i) => i.productId),
                packed[o.id] ?? [],
                outbox,
              );
              const queued = waitingToSend.has(o.id);
              const all = o.items.every((i) => done.includes(i.productId));
              // Until the clock is read after hydration the button waits, so no tap is lost.
              const early = now === null || now < Date.parse(o.start);
              return (
                <li
                  key={o.id}
                  className="grid break-inside-avoid gap-3 rounded-2xl border border-gray-200 bg-white p-4 text-sm"
                  data-testid="pack-order"
                >
                  <div className="grid gap-1">
                    <h4 className="font-semibold text-ink">
                      #{o.id} · {o.buyer.fullName}
                    </h4>
                    <p className="text-ink">
                      {o.kind === "pickup" ? "Pickup" : "Delivery"},{" "}
                      {formatSlotRange(o.start, o.end)}
                    </p>
                    <p className="text-muted">
                      {o.place}
                      {o.postalCode ? ` ${o.postalCode}` : ""}
                    </p>
                    {o.share ? (
                      <p className="text-ink" data-testid="pack-share">
                        <span className="font-medium">Farm share: {o.share.plan}</span>
                        {o.share.swaps.length
                          ? ` · swaps ${o.share.swaps.map((s) => `${s.out} → ${s.in}`).join(", ")}`
                          : ""}
                      </p>
                    ) : null}
                  </div>
                  <fieldset className="grid gap-1 border-t border-gray-100 pt-2">
                    <legend className="sr-only">Lines of order #{o.id}</legend>
                    {o.items.map((i) => {
                      const boxId = `pack-${o.id}-${i.productId}`;
                      return (
                        <div key={i.productId} className="flex min-h-11 items-center gap-3">
                          <input
                            id={boxId}
                            type="checkbox"
                            checked={done.includes(i.productId)}
                            onChange={(e) => void tick(o, i.productId, e.target.checked)}
                            className="h-6 w-6 shrink-0 accent-brand-700"
                          />
                          <label htmlFor={boxId} className="flex-1">
                            <span className="font-semibold tabular-nums">{i.quantity} ×</span>{" "}
                            {i.productName} <span className="text-muted">({i.unit})</span>
                          </label>
                        </div>
                      );
                    })}
                  </fieldset>
                  <div className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-100 pt-2 print:hidden">
                    <div className="flex min-h-11 items-center gap-3">
                      <input
                        id={`pack-all-${o.id}`}
                        type="checkbox"
                        checked={all}
                        onChange={(e) => void tick(o, null, e.target.checked)}
                        className="h-6 w-6 shrink-0 accent-brand-700"
                      />
                      <label htmlFor={`pack-all-${o.id}`} className="font-medium text-ink">
                        All packed<span className="sr-only"> for order #{o.id}</span>
                      </label>
                    </div>
                    {queued ? (
                      <p
                        className="inline-flex min-h-11 items-center gap-2 font-medium text-ink"
                        data-testid="handover-waiting"
                      >
                        <Clock aria-hidden className="h-4 w-4" />
                        Handed over · waiting to send
                      </p>
                    ) : (
                      <Button
                        onClick={() => {
                          setHanding(o);
                          dialog.onOpenChange(true);
                        }}
                        disabled={early}
                        aria-describedby={
                          early && now !== null ? `handover-from-${o.id}` : undefined
                        }
                      >
                        <PackageCheck aria-hidden className="h-4 w-4" />
                        Handed over<span className="sr-only"> order #{o.id}</span>
                      </Button>
                    )}
                    {early && now !== null && !queued ? (
                      <p id={`handover-from-${o.id}`} className="w-full text-muted">
                        From {formatSlotDay(o.start)}, when its {o.kind} starts.
                      </p>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </section>

      {handedOver.length > 0 ? (
        <section aria-labelledby="handed-title" className="grid gap-3">
          <h3 id="handed-title" className="text-base font-bold text-ink">
            Handed over ({handedOver.length})
          </h3>
          <ul className="grid gap-2" data-testid="handed-over">
            {handedOver.map((o) => {
              const undoable =
                now !== null && o.completedAt !== null && now - Date.parse(o.completedAt) < UNDO_MS;
              return (
                <li
                  key={o.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-gray-200 bg-gray-50 px-4 py-2 text-sm"
                >
                  <span>
                    <span className="font-semibold text-ink">
                      #{o.id} · {o.buyer.fullName}
                    </span>
                    {o.completedAt ? (
                      <span className="text-muted">
                        {" "}
                        at <DateTime value={o.completedAt} format="time" />
                      </span>
                    ) : null}
                  </span>
                  {undoable ? (
                    <Button variant="outline" size="sm" onClick={() => void undo(o)}>
                      <Undo2 aria-hidden className="h-4 w-4" />
                      Undo<span className="sr-only"> the handover of order #{o.id}</span>
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
        {handing ? (
          <DialogContent>
            <DialogHeading
              title={
                <>
                  Hand over order #{handing.id} to {handing.buyer.fullName}?
                </>
              }
              description={
                <>
                  The order is marked completed and {handing.buyer.fullName} gets a message. You can
                  undo it for {HANDOVER_UNDO_MINUTES} minutes.
                </>
              }
            />
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="outline"
                disabled={dialog.busy}
                onClick={() => dialog.onOpenChange(false)}
              >
                Not yet
              </Button>
              <Button disabled={dialog.busy} onClick={() => void handOver(handing)}>
                {dialog.busy ? "Saving..." : "Handed over"}
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
