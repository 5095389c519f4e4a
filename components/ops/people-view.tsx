"use client";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useMoneyKey } from "@/lib/client/use-money-key";
import { useOpsPeople, useOpsPerson, useOpsWalletHolds } from "@/lib/client/resources";
import type { OpsWalletHoldJson } from "@/lib/contracts/ops";
import { formatCurrency, formatDateTime } from "@/lib/format";
import { FormDialog, formText } from "@/components/ui/form-dialog";
import { OpsSection } from "./ops-section";
import { Loaded } from "./loaded";
import { SearchForm } from "./search-form";
import { useStepUp } from "./step-up";

/** Ops → People: search by name or email, then one person's sessions and wallet. */
export function PeopleView() {
  const [q, setQ] = useState("");
  const [selected, setSelected] = useState<number | null>(null);
  const people = useOpsPeople(q);

  return (
    <div className="grid gap-6">
      <WalletsOnHold selected={selected} onOpen={setSelected} />
      <OpsSection id="people-title" title="People" className="grid gap-3">
        <SearchForm
          id="people-q"
          label="Name or email"
          minLength={2}
          onSearch={(next) => {
            setQ(next);
            setSelected(null);
          }}
        />
        {q.trim().length < 2 ? null : (
          <Loaded
            read={people}
            failed="Could not search"
            skeleton="h-20"
            empty={<p className="text-muted">Nobody matches “{q}”.</p>}
          >
            {(found) => (
              <ul className="grid gap-2">
                {found.map((p) => (
                  <PersonRow
                    key={p.id}
                    name={p.fullName}
                    open={selected === p.id}
                    onOpen={() => setSelected(p.id)}
                  >
                    <span className="font-semibold text-ink">{p.fullName}</span> · {p.email} ·{" "}
                    {p.userType}
                    {p.role === "staff" ? " · staff" : ""}
                  </PersonRow>
                ))}
              </ul>
            )}
          </Loaded>
        )}
      </OpsSection>
      {selected !== null ? <PersonPanel id={selected} /> : null}
    </div>
  );
}

/** A person in a list, with "Open" for their panel below (pressed while it shows them). */
function PersonRow({
  name,
  open,
  onOpen,
  onHold = false,
  children,
}: {
  name: string;
  open: boolean;
  onOpen: () => void;
  onHold?: boolean;
  children: ReactNode;
}) {
  return (
    <li
      className={`flex flex-wrap items-center justify-between gap-2 rounded-2xl border ${onHold ? "border-red-200 bg-red-50" : "border-gray-200"} p-3 text-sm`}
    >
      <span>{children}</span>
      <Button variant="outline" size="sm" onClick={onOpen} aria-pressed={open}>
        Open<span className="sr-only"> {name}</span>
      </Button>
    </li>
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
  const holds = useOpsWalletHolds();
  return (
    <Loaded read={holds} failed="Could not load the wallets on hold" skeleton="h-16">
      {(data) => (
        <section id="on-hold" aria-labelledby="on-hold-title" className="grid scroll-mt-20 gap-3">
          <h2 id="on-hold-title" className="text-xl font-semibold text-ink">
            Wallets on hold
          </h2>
          {data.length === 0 ? (
            <p className="text-sm text-muted">No wallet is on hold.</p>
          ) : (
            <ul className="grid gap-2">
              {data.map(({ person, hold }) => (
                <PersonRow
                  key={hold.stripeId}
                  name={person.fullName}
                  open={selected === person.id}
                  onOpen={() => onOpen(person.id)}
                  onHold
                >
                  <span className="font-semibold text-ink">{person.fullName}</span> ·{" "}
                  {hold.kind === "refund" ? "refunded beyond the balance" : "disputed"}{" "}
                  {formatCurrency(hold.amount)} on {formatDateTime(hold.createdAt)}
                </PersonRow>
              ))}
            </ul>
          )}
        </section>
      )}
    </Loaded>
  );
}

function PersonPanel({ id }: { id: number }) {
  const person = useOpsPerson(id);
  const { mutate } = person;
  const holds = useOpsWalletHolds();
  const { guarded, dialog } = useStepUp();
  const withKey = useMoneyKey();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [releasing, setReleasing] = useState<OpsWalletHoldJson | null>(null);
  const [releaseError, setReleaseError] = useState<string>();

  async function release(hold: OpsWalletHoldJson, form: FormData) {
    const reason = formText(form, "reason");
    setBusy(true);
    setReleaseError(undefined);
    try {
      const done = await guarded(() =>
        withKey((idempotencyKey) =>
          apiFetch(
            `/api/ops/people/${id}/wallet-holds/${encodeURIComponent(hold.stripeId)}/release`,
            { method: "POST", json: { reason }, idempotencyKey },
          ),
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
        withKey((idempotencyKey) =>
          apiFetch(`/api/ops/people/${id}/wallet-adjustments`, {
            method: "POST",
            json: { amount, reason },
            idempotencyKey,
          }),
        ),
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

  return (
    <Loaded read={person} failed="Could not load this person" skeleton="h-60">
      {(data) => (
        <section
          aria-labelledby="person-title"
          className="grid gap-4 rounded-2xl border border-gray-200 p-4"
        >
          <h2 id="person-title" className="text-xl font-semibold text-ink">
            {data.person.fullName}
          </h2>
          <p className="text-sm text-muted">
            {data.person.email} · joined {formatDateTime(data.person.createdAt)} · wallet{" "}
            <span className="font-semibold text-ink">{formatCurrency(data.balance)}</span>
          </p>
          {data.holds.map((h) => (
            <WalletHoldNote
              key={h.stripeId}
              hold={h}
              onRelease={() => {
                setReleaseError(undefined);
                setReleasing(h);
              }}
            />
          ))}
          <h3 className="font-semibold text-ink">Sessions</h3>
          {data.sessions.length === 0 ? (
            <p className="text-sm text-muted">No live session.</p>
          ) : (
            <ul className="grid gap-2">
              {data.sessions.map((s) => (
                <li
                  key={s.id}
                  className="flex flex-wrap items-center justify-between gap-2 text-sm"
                >
                  <span>
                    {s.userAgent ?? "Unknown device"} · last seen {formatDateTime(s.lastSeenAt)}
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
                    {formatDateTime(t.timestamp)} · {t.description}
                  </span>
                  <span className="font-semibold">{formatCurrency(t.amount)}</span>
                </li>
              ))}
            </ul>
          )}
          <FormDialog
            open={releasing !== null}
            onClose={() => setReleasing(null)}
            title="Release the hold"
            description={
              <>
                {releasing ? `The dispute of ${formatCurrency(releasing.amount)}. ` : null}The
                wallet spends again once no other hold is open.
              </>
            }
            onSubmit={(form) => releasing && release(releasing, form)}
            submit="Release hold"
            busy={busy}
          >
            <Field id="release-reason" label="Reason" error={releaseError}>
              <Input id="release-reason" name="reason" required minLength={3} maxLength={500} />
            </Field>
          </FormDialog>
          {dialog}
        </section>
      )}
    </Loaded>
  );
}

/** A disputed (or over-refunded) card payment that holds this person's wallet, with the button that releases it. */
function WalletHoldNote({
  hold: h,
  onRelease,
}: {
  hold: OpsWalletHoldJson;
  onRelease: () => void;
}) {
  return (
    <div
      role="note"
      aria-label="Wallet on hold"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
    >
      {h.kind === "refund" ? (
        <p>
          <span className="font-semibold">Wallet on hold</span>: a card top-up of{" "}
          {formatCurrency(h.amount)} was refunded to the card on {formatDateTime(h.createdAt)}, more
          than the wallet held ({h.reason}) · payment{" "}
          <span className="font-mono [overflow-wrap:anywhere]">{h.paymentId ?? "unknown"}</span> ·
          refund <span className="font-mono [overflow-wrap:anywhere]">{h.stripeId}</span>. Nothing
          was taken; spending is refused until it is settled and released.
        </p>
      ) : (
        <p>
          <span className="font-semibold">Wallet on hold</span>: a card payment of{" "}
          {formatCurrency(h.amount)} was disputed on {formatDateTime(h.createdAt)} (
          {h.reason.replaceAll("_", " ")}) · payment{" "}
          <span className="font-mono [overflow-wrap:anywhere]">{h.paymentId ?? "unknown"}</span> ·
          dispute <span className="font-mono [overflow-wrap:anywhere]">{h.stripeId}</span>
          {h.outcome ? ` · ${h.outcome}` : ""}. Spending is refused until it is released.
        </p>
      )}
      <Button variant="outline" size="sm" onClick={onRelease}>
        Release hold
      </Button>
    </div>
  );
}
