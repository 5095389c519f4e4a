"use client";
import { useRef, useState } from "react";
import { Check, X } from "lucide-react";
import { toast } from "@/components/ui/use-toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { apiFetch, hasCode, messageOf } from "@/lib/client/api";
import { cn } from "@/lib/cn";
import { formatCurrency } from "@/lib/format";
import type { AdjustmentJson, AdjustmentStatusValue } from "@/lib/contracts/adjustments";

const STATUS: Record<
  AdjustmentStatusValue,
  { label: string; variant: "default" | "secondary" | "warning" | "muted" | "destructive" }
> = {
  pending: { label: "Waiting for the buyer", variant: "warning" },
  applied: { label: "Applied", variant: "default" },
  accepted: { label: "Accepted", variant: "default" },
  declined: { label: "Declined", variant: "muted" },
  stale: { label: "Out of date", variant: "muted" },
};

/** "You get $6.00 back" / "You pay $2.00 more" (the buyer's view) or the farm's wording. */
function moneyLine(card: AdjustmentJson, buyer: boolean): string {
  if (card.delta === 0) return "No change to the price";
  const amount = formatCurrency(Math.abs(card.delta));
  if (card.status === "applied")
    return buyer ? `${amount} refunded to your wallet` : `${amount} refunded to the buyer`;
  if (card.delta > 0) return buyer ? `You pay ${amount} more` : `The buyer pays ${amount} more`;
  return buyer ? `You get ${amount} back` : `The buyer gets ${amount} back`;
}

/** What accepting did to the buyer's money, confirmed right after Accept. */
function settledLine(card: AdjustmentJson): string {
  const amount = formatCurrency(Math.abs(card.delta));
  if (card.delta > 0) return `${amount} charged for this change`;
  if (card.delta < 0) return `${amount} back to you`;
  return "No change to the price";
}

/**
 * A farm's proposed change to an order (docs/adjustments.md), shown in the conversation and on the
 * order: each line before → after, the money difference, the farm's note and the status. The
 * buyer answers a pending card with Accept or Decline; `onDecided` gets the card as the server
 * answered it (the live stream brings the same to the other side).
 */
export function AdjustmentCard({
  card,
  me,
  onDecided,
  className,
  headingLevel = 2,
}: {
  card: AdjustmentJson;
  me: number;
  onDecided?: (card: AdjustmentJson) => void;
  className?: string;
  /** 2 in the conversation (under its h1), 4 in the order detail (under its h3 section). */
  headingLevel?: 2 | 4;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h4";
  const buyer = card.buyerId === me;
  const [busy, setBusy] = useState<"accept" | "decline" | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One key per card and tab: a retried Accept never pays twice.
  const key = useRef<string | null>(null);
  // The buyer is the one who must answer a pending card; the farm is waiting for them.
  const status =
    buyer && card.status === "pending"
      ? { label: "Needs your answer", variant: "warning" as const }
      : STATUS[card.status];
  const titleId = `adjustment-${card.id}-title`;

  async function decide(what: "accept" | "decline") {
    setBusy(what);
    setError(null);
    try {
      key.current ??= crypto.randomUUID();
      const next = await apiFetch<AdjustmentJson>(
        `/api/orders/${card.orderId}/adjustments/${card.id}/${what}`,
        { method: "POST", idempotencyKey: key.current },
      );
      onDecided?.(next);
      if (what === "accept") toast({ title: "Change accepted", description: settledLine(next) });
    } catch (e) {
      setError(
        messageOf(
          e,
          what === "accept" ? "Could not accept this change" : "Could not decline this change",
        ),
      );
      if (hasCode(e, "adjustment_stale")) onDecided?.({ ...card, status: "stale" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <article
      aria-labelledby={titleId}
      data-testid="adjustment-card"
      data-status={card.status}
      className={cn(
        "grid w-full max-w-sm gap-2 rounded-2xl border border-amber-200 bg-white p-3 text-sm text-ink shadow-sm",
        className,
      )}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={titleId} className="font-bold">
          {card.status === "applied" ? "Order adjusted" : "Proposed change"} · order #{card.orderId}
        </Heading>
        <Badge variant={status.variant} data-testid="adjustment-status">
          {status.label}
        </Badge>
      </header>
      <p className="text-xs text-muted">{card.farm.farmName}</p>
      <ul className="grid gap-1" aria-label="Changed lines">
        {card.lines.map((l) => {
          // A standing order's price rise: same product and quantity, a new price.
          const repriced =
            l.after.productId === l.before.productId &&
            l.after.quantity === l.before.quantity &&
            l.after.price !== l.before.price;
          return (
            <li key={l.itemId} className="flex flex-wrap items-baseline gap-x-1.5">
              <span className="text-muted line-through decoration-gray-400">
                {l.before.quantity} × {l.before.name}
                {repriced ? ` at ${formatCurrency(l.before.price)}` : null}
              </span>
              <span aria-hidden>→</span>
              <span className="sr-only">becomes</span>
              <span className="font-medium">
                {l.after.quantity === 0 ? "none" : `${l.after.quantity} × ${l.after.name}`}
              </span>
              {l.after.quantity > 0 && (l.after.productId !== l.before.productId || repriced) ? (
                <span className="text-xs text-muted">at {formatCurrency(l.after.price)}</span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="font-semibold" data-testid="adjustment-money">
        {moneyLine(card, buyer)}
      </p>
      {card.note ? (
        <p className="rounded-lg bg-gray-50 p-2 whitespace-pre-wrap text-muted">“{card.note}”</p>
      ) : null}
      {buyer && card.status === "pending" ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => decide("accept")} disabled={busy !== null}>
            <Check aria-hidden className="h-4 w-4" />
            {busy === "accept" ? "Accepting..." : "Accept"}
            <span className="sr-only"> the change to order #{card.orderId}</span>
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => decide("decline")}
            disabled={busy !== null}
          >
            <X aria-hidden className="h-4 w-4" />
            {busy === "decline" ? "Declining..." : "Decline"}
            <span className="sr-only"> the change to order #{card.orderId}</span>
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      ) : null}
    </article>
  );
}
