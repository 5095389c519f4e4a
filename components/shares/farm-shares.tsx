"use client";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { DialogHeading } from "@/components/ui/dialog-heading";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch, newIdempotencyKey } from "@/lib/client/api";
import { formatCurrency, formatSlotDay } from "@/lib/format";
import { centsToDollars, dollarsToCents } from "@/lib/money";
import type { PublicSharePlanJson } from "@/lib/contracts/shares";
import { signInPath } from "@/lib/auth/protected-paths";
import { useAddresses } from "@/lib/client/resources";

/**
 * The "Farm shares" section of a farm's page: each open plan with its next box, and joining it
 * in one tap (weekly from the wallet, or the season at once; a delivered share asks the address
 * and a season its parts first). `canJoin` is null when signed out.
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

type JoinInput = { payment: "weekly" | "season"; instalments?: 1 | 2 | 4; addressId?: number };

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
  // A delivered share needs an address, a season its parts: asked in a dialog; else one tap.
  const [asking, setAsking] = useState<"weekly" | "season" | null>(null);
  const delivered = plan.fulfilment.kind === "delivery";
  const join = async (input: JoinInput) => {
    setBusy(true);
    try {
      await apiFetch(`/api/shares/${plan.id}/members`, {
        method: "POST",
        json: input,
        idempotencyKey: newIdempotencyKey(),
      });
      setJoined(true);
      setAsking(null);
      toast({ title: `You joined ${plan.name}`, description: "Your boxes are on Farm shares." });
    } catch (error) {
      toastFailure("Could not join", error);
    } finally {
      setBusy(false);
    }
  };
  const start = (payment: "weekly" | "season") =>
    delivered || (payment === "season" && plan.boxesLeft > 1)
      ? setAsking(payment)
      : void join({ payment });
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
            <Button disabled={busy} onClick={() => start("weekly")}>
              Join, pay each box
            </Button>
          ) : null}
          {plan.payment.includes("season") ? (
            <Button variant="outline" disabled={busy} onClick={() => start("season")}>
              Pay the season ({formatCurrency(plan.seasonPrice)})
            </Button>
          ) : null}
        </div>
      ) : plan.spotsLeft === 0 ? (
        <p className="text-sm text-muted">This share is full this season.</p>
      ) : null}
      {asking ? (
        <JoinDialog
          plan={plan}
          payment={asking}
          busy={busy}
          onClose={() => setAsking(null)}
          onJoin={(input) => void join(input)}
        />
      ) : null}
    </article>
  );
}

/** What joining asks for: the delivery address, and how many parts a season is paid in. */
function JoinDialog({
  plan,
  payment,
  busy,
  onClose,
  onJoin,
}: {
  plan: PublicSharePlanJson;
  payment: "weekly" | "season";
  busy: boolean;
  onClose: () => void;
  onJoin: (input: JoinInput) => void;
}) {
  const delivered = plan.fulfilment.kind === "delivery";
  const addresses = useAddresses(delivered);
  const list = addresses.data ?? [];
  const parts = ([1, 2, 4] as const).filter((n) => n <= Math.max(1, plan.boxesLeft));
  const [instalments, setInstalments] = useState<1 | 2 | 4>(1);
  const [addressId, setAddressId] = useState<number | null>(null);
  const chosenAddress = addressId ?? list.find((a) => a.isDefault)?.id ?? list[0]?.id ?? null;
  // The first part takes the odd cents, as the server splits it.
  const seasonCents = dollarsToCents(plan.seasonPrice);
  const firstCents = Math.floor(seasonCents / instalments) + (seasonCents % instalments);
  const now = payment === "season" ? centsToDollars(firstCents) : 0;
  const ready = !delivered || chosenAddress !== null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeading
          title={`Join ${plan.name}`}
          description={
            payment === "season"
              ? `The season's ${plan.boxesLeft} boxes cost ${formatCurrency(plan.seasonPrice)}, paid from your wallet.`
              : "Each box is paid from your wallet when it is placed, at its cutoff."
          }
        />
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!ready) return;
            onJoin({
              payment,
              ...(payment === "season" ? { instalments } : {}),
              ...(delivered && chosenAddress !== null ? { addressId: chosenAddress } : {}),
            });
          }}
        >
          {delivered ? (
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium text-ink">Deliver to</legend>
              {addresses.isLoading ? (
                <p className="text-sm text-muted">Loading your addresses...</p>
              ) : list.length ? (
                list.map((a) => (
                  <label key={a.id} className="flex min-h-11 items-center gap-3 text-sm">
                    <input
                      type="radio"
                      name="address"
                      checked={chosenAddress === a.id}
                      onChange={() => setAddressId(a.id)}
                      className="h-5 w-5 accent-brand-700"
                    />
                    {a.label}: {a.line1}, {a.city} {a.postalCode}
                  </label>
                ))
              ) : (
                <p className="text-sm text-ink">
                  No delivery address yet.{" "}
                  <Link href="/profile/address" className="font-semibold text-brand-700 underline">
                    Add one in Profile
                  </Link>{" "}
                  and come back to join.
                </p>
              )}
            </fieldset>
          ) : null}
          {payment === "season" && parts.length > 1 ? (
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium text-ink">Pay in</legend>
              {parts.map((n) => (
                <label key={n} className="flex min-h-11 items-center gap-3 text-sm">
                  <input
                    type="radio"
                    name="instalments"
                    checked={instalments === n}
                    onChange={() => setInstalments(n)}
                    className="h-5 w-5 accent-brand-700"
                  />
                  {n === 1
                    ? `One payment of ${formatCurrency(plan.seasonPrice)}`
                    : `${n} parts of about ${formatCurrency(plan.seasonPrice / n)}, the first now`}
                </label>
              ))}
            </fieldset>
          ) : null}
          <Button type="submit" disabled={busy || !ready}>
            {busy
              ? "Joining..."
              : payment === "season"
                ? `Join and pay ${formatCurrency(now)} now`
                : "Join, pay each box"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
