"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useOpsOutboxes } from "@/lib/client/resources";
import { formatDayTime } from "@/lib/format";

/** Ops → Outboxes: emails and Sheets rows waiting or failed, with the last error; retry now. */
export function OutboxesView() {
  const { data, error, mutate, isValidating } = useOpsOutboxes();
  const [busy, setBusy] = useState<string | null>(null);

  async function retry(kind: "emails" | "sheets-rows", id: number) {
    setBusy(`${kind}-${id}`);
    try {
      await apiFetch(`/api/ops/${kind}/${id}/retry`, { method: "POST" });
      toast({
        title: kind === "emails" ? `Email #${id} will be sent now` : `Row #${id} will sync now`,
      });
      await mutate();
    } catch (e) {
      toast({ title: messageOf(e, "Could not retry. Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  if (error)
    return (
      <LoadError
        message="Could not load the outboxes"
        onRetry={() => mutate()}
        busy={isValidating}
      />
    );
  if (!data) return <Skeleton className="h-40 rounded-2xl" />;
  const rows = [
    {
      title: "Emails",
      kind: "emails" as const,
      items: data.emails.map((e) => ({ ...e, what: `${e.kind} to ${e.to}` })),
    },
    {
      title: "Sheets rows",
      kind: "sheets-rows" as const,
      items: data.sheets.map((s) => ({ ...s, what: `${s.source} ${s.submissionId}` })),
    },
  ];
  return (
    <div className="grid gap-6">
      {rows.map((box) => (
        <section key={box.kind} aria-labelledby={`${box.kind}-title`} className="grid gap-3">
          <h2 id={`${box.kind}-title`} className="text-xl font-semibold text-ink">
            {box.title} waiting or failed
          </h2>
          {box.items.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-gray-300 p-6 text-muted">
              Nothing is waiting.
            </p>
          ) : (
            <ul className="grid gap-2">
              {box.items.map((r) => (
                <li
                  key={r.id}
                  aria-label={`${box.title} #${r.id}`}
                  className="grid gap-2 rounded-2xl border border-gray-200 p-4 text-sm md:grid-cols-[1fr_auto] md:items-center"
                >
                  <div className="grid gap-1">
                    <p className="font-semibold text-ink">
                      #{r.id} · {r.what}
                    </p>
                    <p
                      className={
                        r.status === "failed" ? "font-semibold text-red-700" : "text-muted"
                      }
                    >
                      {r.status === "failed" ? "Failed" : "Waiting"} · {r.attempts} attempts · next{" "}
                      {formatDayTime(r.nextAttemptAt)}
                    </p>
                    {r.lastError ? <p className="text-muted">Last error: {r.lastError}</p> : null}
                  </div>
                  <Button
                    variant="outline"
                    onClick={() => retry(box.kind, r.id)}
                    disabled={busy === `${box.kind}-${r.id}`}
                  >
                    Retry now<span className="sr-only"> #{r.id}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
