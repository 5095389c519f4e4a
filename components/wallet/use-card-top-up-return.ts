"use client";
import { useEffect, useState } from "react";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import { formatCurrency } from "@/lib/format";
import type { CardTopUpJson } from "@/lib/contracts/payments";

/** How often the wallet asks whether Stripe's webhook has arrived, and for how long. */
const POLL_MS = 1000;
const GIVE_UP_AFTER_MS = 120_000;

/**
 * Back from the Checkout page (`/wallet?topUp={id}`): the wallet is credited only by the verified
 * webhook (docs/money.md, "Card top-ups"), so the page asks GET /api/payments/top-ups/{id} until it
 * is settled, then says so with the spec's toast and refreshes. `waiting` while it is pending.
 */
export function useCardTopUpReturn(onSettled: () => void | Promise<void>): { waiting: boolean } {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get("topUp");
    if (!id || !/^\d+$/.test(id)) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();
    const forget = () => {
      const url = new URL(window.location.href);
      url.searchParams.delete("topUp");
      window.history.replaceState(window.history.state, "", url);
    };
    const check = async () => {
      try {
        const topUp = await apiFetch<CardTopUpJson>(`/api/payments/top-ups/${id}`);
        if (stopped) return;
        if (topUp.status === "pending" && Date.now() - startedAt < GIVE_UP_AFTER_MS) {
          setWaiting(true);
          timer = setTimeout(check, POLL_MS);
          return;
        }
        setWaiting(false);
        forget();
        if (topUp.status === "paid") {
          toast({
            title: "Top Up Successful",
            description: `${formatCurrency(topUp.amount)} has been added to your wallet`,
          });
          await onSettled();
        } else if (topUp.status === "pending") {
          toast({
            title: "Top Up Pending",
            description:
              "Your card payment has not been confirmed yet. Check your wallet again shortly.",
          });
        } else {
          toast({
            title: "Top Up Failed",
            description:
              topUp.status === "expired"
                ? "The card payment was not completed"
                : "Failed to process top up",
            variant: "destructive",
          });
        }
      } catch (err) {
        if (stopped) return;
        setWaiting(false);
        forget();
        toastFailure("Top Up Failed", err, "Failed to process top up");
      }
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // Once per page load: the id comes from the address the Checkout page sent the buyer back to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { waiting };
}
