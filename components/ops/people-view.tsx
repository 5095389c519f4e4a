"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useOpsPeople, useOpsPerson } from "@/lib/client/resources";
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

function PersonPanel({ id }: { id: number }) {
  const { data, error, mutate, isValidating } = useOpsPerson(id);
  const { guarded, dialog } = useStepUp();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

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
      {dialog}
    </section>
  );
}
