"use client";
import { useEffect, useRef } from "react";
import { subscribeToMessageStream } from "@/components/messages/message-stream";

/** The notifications that change what an order list shows (docs/notifications.md, "Live"). */
const ORDER_KINDS = new Set([
  "order_placed",
  "order_received",
  "order_cancelled",
  "adjustment_applied",
  "standing_placed",
]);

/**
 * Calls `onChange` when the live stream says one of this user's orders changed elsewhere (a new
 * order for the farm, a standing order placed, a cancel or an applied change), and after a resync.
 */
export function useOrderEvents(onChange: () => void) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(
    () =>
      subscribeToMessageStream((event) => {
        if (
          event.type === "resync" ||
          (event.type === "notification" && ORDER_KINDS.has(event.kind))
        )
          latest.current();
      }),
    [],
  );
}
