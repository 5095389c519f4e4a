"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useOpsAudit } from "@/lib/client/resources";
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS } from "@/lib/audit-actions";
import { formatDateTime } from "@/lib/format";
import { FilterSelect } from "./filter-select";
import { EmptyNote } from "@/components/ui/empty-note";
import { Loaded } from "./loaded";
import { OpsSection } from "./ops-section";

const ACTION_OPTIONS = [
  ["", "Every action"],
  ...AUDIT_ACTION_NAMES.map((a) => [a, AUDIT_ACTIONS[a].label] as const),
] as const;

const show = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v));

/** Ops → Audit log: every staff and ops-command action, newest first, filtered. */
export function AuditView() {
  const [filters, setFilters] = useState<{ action?: string; target?: string }>({});
  const audit = useOpsAudit(filters);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setFilters({
      action: String(form.get("action") ?? "") || undefined,
      target: String(form.get("target") ?? "").trim() || undefined,
    });
  }

  return (
    <OpsSection id="audit-title" title="Audit log" className="grid gap-4">
      <form onSubmit={submit} className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end">
        <FilterSelect id="audit-action" name="action" label="Action" options={ACTION_OPTIONS} />
        <Field id="audit-target" label="Target" hint="e.g. user:12, payout:3">
          <Input id="audit-target" name="target" maxLength={60} />
        </Field>
        <Button type="submit">Filter</Button>
      </form>
      <Loaded
        read={audit}
        failed="Could not load the audit log"
        skeleton="h-40"
        empty={
          <EmptyNote>
            {filters.action || filters.target ? "Nothing matches." : "No actions yet."}
          </EmptyNote>
        }
      >
        {(entries) => (
          <ul aria-label="Audit entries" className="grid gap-2">
            {entries.map((r) => (
              <li key={r.id} className="grid gap-1 rounded-2xl border border-gray-200 p-4 text-sm">
                <p className="font-semibold text-ink">{r.summary}</p>
                <p className="text-muted">
                  {formatDateTime(r.at)} · {r.action} · {r.target}
                </p>
                {r.changes.length > 0 && (
                  <dl className="grid gap-1">
                    {r.changes.map((c) => (
                      <div key={c.field} className="flex flex-wrap gap-x-2 break-all">
                        <dt className="text-muted">{c.field}</dt>
                        <dd>
                          {show(c.before)} → {show(c.after)}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </OpsSection>
  );
}
