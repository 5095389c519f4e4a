import type { OrderJson } from "@/lib/contracts/orders";

const STATUS_BADGE: Record<
  OrderJson["status"],
  { label: string; variant: "default" | "secondary" | "muted" }
> = {
  active: { label: "Paid", variant: "default" },
  completed: { label: "Completed", variant: "secondary" },
  cancelled: { label: "Cancelled", variant: "muted" },
};

/**
 * An order's badge: active → Paid, completed → Completed, cancelled → Cancelled; an active order
 * on account is not paid yet (it waits for the farm's statement), so it says "On account".
 */
export function statusBadge(order: Pick<OrderJson, "status" | "payment">) {
  return order.status === "active" && order.payment === "account"
    ? { label: "On account", variant: "default" as const }
    : STATUS_BADGE[order.status];
}

/** Names in the status history (the badge says "Paid"; the history says what happened). */
const STATUS_EVENT: Record<OrderJson["status"], string> = {
  active: "Order placed",
  completed: "Delivered",
  cancelled: "Cancelled",
};

/** An event's title: the first is the placing, a later active one a change (its note says which). */
export const eventTitle = (event: { status: OrderJson["status"] }, index: number) =>
  event.status === "active" && index > 0 ? "Order changed" : STATUS_EVENT[event.status];
