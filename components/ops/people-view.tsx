"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useOpsPeople, useOpsPerson, useOpsWalletHolds } from "@/lib/client/resources";
import type { OpsWalletHoldJson } from "@/lib/contracts/ops";
import { formatCurrency, formatDayTime } from "@/lib/format";
import { useStepUp } from "./step-up";

/** Ops → People: search by name or email, then one person's sessions and wallet. */
export function PeopleView() {
  const [q, setQ] = useState("");
  const [selected, setSelected] = useState<number | null>(null);
  const { data, error, mutate, isValidating } = useOpsPeople(q);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setQ(String(new FormData(e.currentTarget).get("q") ?? ""));
    setSelected(null);
  }

  return (
    <div className="grid gap-6">
      <WalletsOnHold selected={selected} onOpen={setSelected} />
      <section aria-labelledby="people-title" className="grid gap-3">
        <h2 id="people-title" className="text-xl font-semibold text-ink">
          People
        </h2>
        <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <Field id="people-q" label="Name or email">
              <Input id="people-q" name="q" minLength={2} maxLength={100} required />
            </Field>
          </div>
          <Button type="submit">Search</Button>
        </form>
        {q.trim().length < 2 ? null : error ? (
          <LoadError message="Could not search" onRetry={() => mutate()} busy={isValidating} />
        ) : !data ? (
          <Skeleton className="h-20 rounded-2xl" />
        ) : data.length === 0 ? (
          <p className="text-muted">Nobody matches “{q}”.</p>
        ) : (
          <ul className="grid gap-2">
            {data.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-gray-200 p-3 text-sm"
              >
                <span>
                  <span className="font-semibold text-ink">{p.fullName}</span> · {p.email} ·{" "}
                  {p.userType}
                  {p.role === "staff" ? " · staff" : ""}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setSelected(p.id)}
                  aria-pressed={selected === p.id}
                >
                  Open<span className="sr-only"> {p.fullName}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {selected !== null ? <PersonPanel id={selected} /> : null}
    </div>
  );
}

/** Wallets frozen by a disputed card payment (docs/operations.md, "Wallets on hold"). */
function WalletsOnHold({
  selected,
  onOpen,
}: {
  selected: number | null;
  onOpen: (id: number) => void;
}) {
  const { data, error, mutate, isValidating } = useOpsWalletHolds();
  if (error)
    return (
      <LoadError
        message="Could not load the wallets on hold"
        onRetry={() => mutate()}
        busy={isValidating}
      />
    );
  if (!data) return <Skeleton className="h-16 rounded-2xl" />;
  return (
    <section id="on-hold" aria-labelledby="on-hold-title" className="grid scroll-mt-20 gap-3">
      <h2 id="on-hold-title" className="text-xl font-semibold text-ink">
        Wallets on hold
      </h2>
      {data.length === 0 ? (
        <p className="text-sm text-muted">No wallet is on hold.</p>
      ) : (
        <ul className="grid gap-2">
          {data.map(({ person, hold }) => (
            <li
              key={hold.disputeId}
              className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-red-200 bg-red-50 p-3 text-sm"
            >
              <span>
                <span className="font-semibold text-ink">{person.fullName}</span> · disputed{" "}
                {formatCurrency(hold.amount)} on {formatDayTime(hold.createdAt)}
              </span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => onOpen(person.id)}
                aria-pressed={selected === person.id}
              >
                Open<span className="sr-only"> {person.fullName}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PersonPanel({ id }: { id: number }) {
  const { data, error, mutate, isValidating } = useOpsPerson(id);
  const holds = useOpsWalletHolds();
  const { guarded, dialog } = useStepUp();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [releasing, setReleasing] = useState<OpsWalletHoldJson | null>(null);
  const [releaseError, setReleaseError] = useState<string>();

  async function release(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const hold = releasing;
    if (!hold) return;
    const reason = String(new FormData(e.currentTarget).get("reason") ?? "").trim();
    setBusy(true);
    setReleaseError(undefined);
    try {
      const done = await guarded(() =>
        apiFetch(
          `/api/ops/people/${id}/wallet-holds/${encodeURIComponent(hold.disputeId)}/release`,
          { method: "POST", json: { reason } },
        ),
      );
      if (done !== undefined) {
        toast({ title: "Hold released" });
        setReleasing(null);
        await Promise.all([mutate(), holds.mutate()]);
      }
    } catch (err) {
      setReleaseError(messageOf(err, "Could not release the hold. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  async function endSession(sessionId: string) {
    try {
      await apiFetch(`/api/ops/people/${id}/sessions/${sessionId}`, { method: "DELETE" });
      toast({ title: "Session ended" });
      await mutate();
    } catch (e) {
      toast({ title: messageOf(e, "Could not end the session."), variant: "destructive" });
    }
  }

  async function adjust(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const amount = Number(data.get("amount"));
    const reason = String(data.get("reason") ?? "").trim();
    setBusy(true);
    setFormError(undefined);
    try {
      const done = await guarded(() =>
        apiFetch(`/api/ops/people/${id}/wallet-adjustments`, {
          method: "POST",
          json: { amount, reason },
        }),
      );
      if (done !== undefined) {
        toast({ title: amount > 0 ? "Wallet credited" : "Wallet debited" });
        form.reset();
        await mutate();
      }
    } catch (err) {
      setFormError(messageOf(err, "Could not adjust the wallet. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  if (error)
    return (
      <LoadError
        message="Could not load this person"
        onRetry={() => mutate()}
        busy={isValidating}
      />
    );
  if (!data) return <Skeleton className="h-60 rounded-2xl" />;
  return (
    <section
      aria-labelledby="person-title"
      className="grid gap-4 rounded-2xl border border-gray-200 p-4"
    >
      <h2 id="person-title" className="text-xl font-semibold text-ink">
        {data.person.fullName}
      </h2>
      <p className="text-sm text-muted">
        {data.person.email} · joined {formatDayTime(data.person.createdAt)} · wallet{" "}
        <span className="font-semibold text-ink">{formatCurrency(data.balance)}</span>
      </p>
      {data.holds.map((h) => (
        <div
          key={h.disputeId}
          role="note"
          aria-label="Wallet on hold"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <p>
            <span className="font-semibold">Wallet on hold</span>: a card payment of{" "}
            {formatCurrency(h.amount)} was disputed on {formatDayTime(h.createdAt)} (
            {h.reason.replaceAll("_", " ")}) · payment{" "}
            <span className="font-mono [overflow-wrap:anywhere]">{h.paymentId ?? "unknown"}</span> ·
            dispute <span className="font-mono [overflow-wrap:anywhere]">{h.disputeId}</span>
            {h.outcome ? ` · ${h.outcome}` : ""}. Spending is refused until it is released.
          </p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setReleaseError(undefined);
              setReleasing(h);
            }}
          >
            Release hold
          </Button>
        </div>
      ))}
      <h3 className="font-semibold text-ink">Sessions</h3>
      {data.sessions.length === 0 ? (
        <p className="text-sm text-muted">No live session.</p>
      ) : (
        <ul className="grid gap-2">
          {data.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                {s.userAgent ?? "Unknown device"} · last seen {formatDayTime(s.lastSeenAt)}
              </span>
              <Button variant="outline" size="sm" onClick={() => endSession(s.id)}>
                End session
              </Button>
            </li>
          ))}
        </ul>
      )}
      <h3 className="font-semibold text-ink">Credit or refund</h3>
      <form onSubmit={adjust} className="grid gap-3 md:grid-cols-[10rem_1fr_auto] md:items-end">
        <Field id="adjust-amount" label="Amount ($)" hint="Negative takes money back">
          <Input id="adjust-amount" name="amount" type="number" step="0.01" required />
        </Field>
        <Field id="adjust-reason" label="Reason" error={formError}>
          <Input id="adjust-reason" name="reason" required minLength={3} maxLength={500} />
        </Field>
        <Button type="submit" disabled={busy}>
          Record
        </Button>
      </form>
      <h3 className="font-semibold text-ink">Wallet ledger</h3>
      {data.ledger.length === 0 ? (
        <p className="text-sm text-muted">No wallet activity.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {data.ledger.map((t) => (
            <li key={t.id} className="flex justify-between gap-2">
              <span>
                {formatDayTime(t.timestamp)} · {t.description}
              </span>
              <span className="font-semibold">{formatCurrency(t.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={releasing !== null} onOpenChange={(open) => !open && setReleasing(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Release the hold</DialogTitle>
            <DialogDescription>
              {releasing ? `The dispute of ${formatCurrency(releasing.amount)}. ` : null}The wallet
              spends again once no other hold is open.
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={release} className="grid gap-4">
            <Field id="release-reason" label="Reason" error={releaseError}>
              <Input id="release-reason" name="reason" required minLength={3} maxLength={500} />
            </Field>
            <Button type="submit" disabled={busy}>
              Release hold
            </Button>
          </form>
        </DialogContent>
      </Dialog>
      {dialog}
    </section>
  );
}
