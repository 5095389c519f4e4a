"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useOpsOutboxes } from "@/lib/client/resources";
import type { OpsOutboxesJson } from "@/lib/contracts/ops";
import { formatDateTime } from "@/lib/format";
import { EmptyNote } from "@/components/ui/empty-note";
import { Loaded } from "./loaded";
import { OpsSection } from "./ops-section";

/** The two outboxes, each row with a line saying what it carries. */
const boxesOf = (data: OpsOutboxesJson) => [
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

/** Ops → Outboxes: emails and Sheets rows waiting or failed, with the last error; retry now. */
export function OutboxesView() {
  const outboxes = useOpsOutboxes();
  const [busy, setBusy] = useState<string | null>(null);

  async function retry(kind: "emails" | "sheets-rows", id: number) {
    setBusy(`${kind}-${id}`);
    try {
      await apiFetch(`/api/ops/${kind}/${id}/retry`, { method: "POST" });
      toast({
        title: kind === "emails" ? `Email #${id} will be sent now` : `Row #${id} will sync now`,
      });
      await outboxes.mutate();
    } catch (e) {
      toast({ title: messageOf(e, "Could not retry. Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Loaded read={outboxes} failed="Could not load the outboxes" skeleton="h-40">
      {(data) => (
        <div className="grid gap-6">
          {boxesOf(data).map((box) => (
            <OpsSection
              key={box.kind}
              id={`${box.kind}-title`}
              title={<>{box.title} waiting or failed</>}
              className="grid gap-3"
            >
              {box.items.length === 0 ? (
                <EmptyNote>Nothing is waiting.</EmptyNote>
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
                          {r.status === "failed" ? "Failed" : "Waiting"} · {r.attempts} attempts ·
                          next {formatDateTime(r.nextAttemptAt)}
                        </p>
                        {r.lastError ? (
                          <p className="text-muted">Last error: {r.lastError}</p>
                        ) : null}
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
            </OpsSection>
          ))}
        </div>
      )}
    </Loaded>
  );
}
