"use client";
import { useState } from "react";
import { FileText, Landmark, Sheet } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { PanelSection } from "@/components/ui/panel-section";
import { toastFailure } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useSeededSWR } from "@/lib/client/data";
import { percentLabel } from "@/lib/commission";
import { formatCurrency, formatDay } from "@/lib/format";
import type { FarmPayoutsJson, PayoutSummaryJson } from "@/lib/contracts/payments";
import { FigureDefinitions } from "@/components/farm/figure-definitions";

const KEY = "/api/my-farm/payouts";

const STATUS: Record<PayoutSummaryJson["status"], string> = {
  processing: "Processing",
  paid: "Paid",
  pending_manual: "Paid by e-transfer soon",
  failed: "Failed",
};

/** My Farm → Payouts: the balance, what is held, the next payout and every payout's statement. */
export function PayoutsView({ initial }: { initial: FarmPayoutsJson | null }) {
  const { data, error, mutate } = useSeededSWR<FarmPayoutsJson>(KEY, initial);
  const [connecting, setConnecting] = useState(false);

  if (!data) {
    return error ? (
      <LoadError
        message={messageOf(error, "Failed to load your payouts")}
        onRetry={() => void mutate()}
      />
    ) : (
      <p role="status" className="text-sm text-muted">
        Loading payouts...
      </p>
    );
  }

  const connect = async () => {
    setConnecting(true);
    try {
      const { url } = await apiFetch<{ url: string }>("/api/my-farm/payouts/connect", {
        method: "POST",
      });
      window.location.assign(url);
    } catch (err) {
      setConnecting(false);
      toastFailure("Payout setup failed", err, "Please try again shortly.");
    }
  };

  return (
    <PanelSection
      id="payouts-title"
      title="Payouts"
      className="grid gap-6"
      aside={
        data.provider === "stripe" && !data.connected ? (
          <Button
            onClick={() => void connect()}
            disabled={connecting}
            data-testid="payouts-connect"
          >
            <Landmark aria-hidden className="h-4 w-4" />
            {connecting ? "Opening Stripe..." : "Set up payouts"}
          </Button>
        ) : null
      }
      intro={
        <>
          <p className="text-sm text-muted">
            Paid weekly, with a statement per payout. Fieldfare keeps{" "}
            {percentLabel(data.commissionRate)} of each order&apos;s goods.
          </p>
          {data.provider === "demo" ? (
            <p className="mt-1 text-sm font-semibold text-amber-800" data-testid="demo-payments">
              Demo payments — no card is charged
            </p>
          ) : null}
          {data.provider === "stripe" && data.connected ? (
            <p
              className="mt-1 text-sm font-semibold text-brand-800"
              data-testid="payouts-connected"
            >
              Payouts go to your Stripe account
            </p>
          ) : null}
        </>
      }
    >
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {[
          ["Balance", formatCurrency(data.balance)],
          ["Available", formatCurrency(data.available)],
          ["Held", formatCurrency(data.held)],
          [
            `Next payout (${formatDay(data.nextPayout.date)})`,
            formatCurrency(data.nextPayout.amount),
          ],
        ].map(([label, value]) => (
          <div key={label} className="rounded-2xl border border-gray-200 p-4">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-2xl font-bold text-ink tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <FigureDefinitions names={["sales", "commission", "net"]} />

      <div className="grid gap-2">
        <h3 className="text-lg font-bold text-ink">History</h3>
        {data.payouts.length === 0 ? (
          <p className="text-sm text-muted">
            No payouts yet. Completed orders are paid out weekly.
          </p>
        ) : (
          <ul className="grid gap-2" data-testid="payout-list">
            {data.payouts.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gray-200 p-4"
              >
                <div>
                  <p className="font-semibold text-ink">
                    Week to {formatDay(p.periodEnd)} · {formatCurrency(p.amount)}
                  </p>
                  <p className="text-sm text-muted">
                    <Badge variant={p.status === "failed" ? "destructive" : "secondary"}>
                      {STATUS[p.status]}
                    </Badge>
                    {p.reference ? ` Ref ${p.reference}` : ""}
                    {p.failureReason ? ` ${p.failureReason}` : ""}
                    {p.waitingReason ? ` ${p.waitingReason} to be paid through Stripe.` : ""}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button asChild variant="outline" size="sm">
                    <a
                      href={`/api/my-farm/payouts/${p.id}/statement.pdf`}
                      target="_blank"
                      rel="noopener"
                    >
                      <FileText aria-hidden className="h-4 w-4" />
                      Statement
                    </a>
                  </Button>
                  <Button asChild variant="outline" size="sm">
                    <a href={`/api/my-farm/payouts/${p.id}?format=csv`} download>
                      <Sheet aria-hidden className="h-4 w-4" />
                      CSV
                    </a>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </PanelSection>
  );
}
