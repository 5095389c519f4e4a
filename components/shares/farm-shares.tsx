"use client";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch, newIdempotencyKey } from "@/lib/client/api";
import { formatCurrency, formatSlotDay } from "@/lib/format";
import type { PublicSharePlanJson } from "@/lib/contracts/shares";
import { signInPath } from "@/lib/auth/protected-paths";

/**
 * The "Farm shares" section of a farm's page: each open plan with its next box, and joining it
 * in one tap (weekly from the wallet, or the season at once). `canJoin` is null when signed out.
 */
export function FarmShares({
  shares,
  canJoin,
  farmPath,
}: {
  shares: PublicSharePlanJson[];
  canJoin: boolean | null;
  farmPath: string;
}) {
  return (
    <section aria-labelledby="farm-shares" className="grid gap-4">
      <h2 id="farm-shares" className="text-xl font-bold text-ink">
        Farm shares
      </h2>
      <ul className="grid gap-4 md:grid-cols-2">
        {shares.map((p) => (
          <li key={p.id}>
            <SharePlanCard plan={p} canJoin={canJoin} farmPath={farmPath} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SharePlanCard({
  plan,
  canJoin,
  farmPath,
}: {
  plan: PublicSharePlanJson;
  canJoin: boolean | null;
  farmPath: string;
}) {
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState(false);
  const join = async (payment: "weekly" | "season") => {
    setBusy(true);
    try {
      await apiFetch(`/api/shares/${plan.id}/members`, {
        method: "POST",
        json: { payment },
        idempotencyKey: newIdempotencyKey(),
      });
      setJoined(true);
      toast({ title: `You joined ${plan.name}`, description: "Your boxes are on Farm shares." });
    } catch (error) {
      toastFailure("Could not join", error);
    } finally {
      setBusy(false);
    }
  };
  const titleId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="grid gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <header>
        <h3 id={titleId} className="font-semibold text-ink">
          {plan.name}
        </h3>
        <p className="text-sm text-muted">
          {formatCurrency(plan.boxPrice)} a box, every{" "}
          {plan.everyWeeks === 1 ? "week" : "second week"} · {plan.fulfilment.place} ·{" "}
          {plan.spotsLeft} {plan.spotsLeft === 1 ? "spot" : "spots"} left
        </p>
      </header>
      {plan.description ? <p className="text-sm text-ink">{plan.description}</p> : null}
      {plan.nextBox ? (
        <div className="text-sm">
          <p className="text-ink">Next box: {formatSlotDay(`${plan.nextBox.date}T00:00`)}</p>
          {plan.nextBox.items.length ? (
            <p className="text-muted">{plan.nextBox.items.map((i) => i.name).join(", ")}</p>
          ) : null}
        </div>
      ) : null}
      {joined ? (
        <Link href="/shares" className="text-sm font-semibold text-brand-700 underline">
          See your box on Farm shares
        </Link>
      ) : canJoin === null ? (
        <Button asChild variant="outline">
          <Link href={signInPath(farmPath)}>Sign in to join</Link>
        </Button>
      ) : canJoin && plan.spotsLeft > 0 ? (
        <div className="flex flex-wrap gap-2">
          {plan.payment.includes("weekly") ? (
            <Button disabled={busy} onClick={() => join("weekly")}>
              Join, pay each box
            </Button>
          ) : null}
          {plan.payment.includes("season") ? (
            <Button variant="outline" disabled={busy} onClick={() => join("season")}>
              Pay the season ({formatCurrency(plan.seasonPrice)})
            </Button>
          ) : null}
        </div>
      ) : plan.spotsLeft === 0 ? (
        <p className="text-sm text-muted">This share is full this season.</p>
      ) : null}
    </article>
  );
}
