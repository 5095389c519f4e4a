import type { OrderJson } from "@/lib/contracts/orders";

/** Order status badges: active → Paid, completed → Completed, cancelled → Cancelled. */
export const STATUS_BADGE: Record<
  OrderJson["status"],
  { label: string; variant: "default" | "secondary" | "muted" }
> = {
  active: { label: "Paid", variant: "default" },
  completed: { label: "Completed", variant: "secondary" },
  cancelled: { label: "Cancelled", variant: "muted" },
};

/** Names in the status history (the badge says "Paid"; the history says what happened). */
export const STATUS_EVENT: Record<OrderJson["status"], string> = {
  active: "Order placed",
  completed: "Delivered",
  cancelled: "Cancelled",
};

export const itemCountLabel = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;
