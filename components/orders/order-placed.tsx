"use client";
import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { CircleCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { MessageFarmLink } from "@/components/messages/message-farm-link";
import type { OrderJson } from "@/lib/contracts/orders";
import { OrderFulfilment } from "./order-fulfilment";
import { OrderLines, ReceiptLink } from "./order-lines";

/**
 * The confirmation a buyer gets after paying (docs/product.md, "Orders, wallet, profile"): the
 * checkout hands its answer over in this tab's sessionStorage and Orders shows it on top, once:
 * each order's number, lines, taxes and total, its slot and until when it can be changed, its
 * receipt, and "Message the farm".
 */
const KEY = "ff-placed-orders";

/*
 * The first read moves it from storage into this tab's memory: a reload shows the list alone, Done
 * closes it, the next checkout replaces it. (Not forgotten on unmount: React's development mode
 * mounts twice, and the second mount would find storage empty.)
 */
let taken: string | null | undefined;

export function rememberPlaced(orders: OrderJson[]) {
  taken = undefined;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(orders));
  } catch {
    // Storage full or refused: Orders lists the new orders anyway, without the confirmation.
  }
}

const listeners = new Set<() => void>();

function snapshot(): string | null {
  if (taken === undefined) {
    try {
      taken = sessionStorage.getItem(KEY);
      sessionStorage.removeItem(KEY);
    } catch {
      taken = null;
    }
  }
  return taken;
}

/** Done: the confirmation closes and stays closed until the next checkout. */
function dismiss() {
  taken = null;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function parse(raw: string | null): OrderJson[] {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as OrderJson[]) : [];
  } catch {
    return [];
  }
}

export function OrderPlaced() {
  // The page is prerendered, the same for everyone: the server (and hydration) see nothing.
  const raw = useSyncExternalStore(subscribe, snapshot, () => null);
  const orders = useMemo(() => parse(raw), [raw]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (orders.length) heading.current?.focus();
  }, [orders.length]);
  if (!orders.length) return null;
  const title =
    orders.length === 1
      ? `Order #${orders[0].id} is placed`
      : `${orders.length} orders are placed, one per farm`;
  return (
    <section
      aria-labelledby="placed-title"
      data-testid="order-placed"
      className="grid gap-4 rounded-3xl border border-brand-200 bg-brand-50 p-4 md:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          id="placed-title"
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-xl font-bold text-ink outline-none"
        >
          <CircleCheck aria-hidden className="h-6 w-6 shrink-0 text-brand-700" />
          {title}
        </h2>
        <Button variant="ghost" size="sm" onClick={dismiss}>
          Done
        </Button>
      </div>
      <ul className="grid gap-3">
        {orders.map((o) => (
          <li
            key={o.id}
            aria-label={`Order #${o.id} from ${o.farm.farmName}`}
            className="grid min-w-0 gap-2 rounded-2xl border border-gray-200 bg-white p-4"
          >
            <p className="font-semibold text-ink">
              Order #{o.id} · {o.farm.farmName}
              <span className="font-normal text-muted">
                {" "}
                · {o.payment === "account" ? "On account" : "Paid from your wallet"}
              </span>
            </p>
            <OrderFulfilment order={o} showFee />
            <OrderLines order={o} headingId={`placed-items-${o.id}`} />
            <div className="flex flex-wrap items-center gap-x-4">
              <ReceiptLink orderId={o.id} />
              <MessageFarmLink farmUserId={o.farm.userId} farmName={o.farm.farmName} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
