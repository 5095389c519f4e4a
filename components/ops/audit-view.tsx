"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useOpsAudit } from "@/lib/client/resources";
import { formatDayTime } from "@/lib/format";
import { FilterSelect } from "./filter-select";
import { EmptyNote } from "@/components/ui/empty-note";
import { Loaded } from "./loaded";
import { OpsSection } from "./ops-section";

const ACTIONS = [
  "business.approve",
  "business.reject",
  "email.retry",
  "sheets.retry",
  "payout.mark_paid",
  "payout.hold",
  "payout.release",
  "wallet.adjust",
  "session.revoke",
  "farm.invite",
  "farm.verify",
  "farm.unverify",
  "farm.pause",
  "farm.resume",
  "wallet.release_hold",
  "staff.grant",
];

const ACTION_OPTIONS = [["", "Every action"], ...ACTIONS.map((a) => [a, a] as const)] as const;

const show = (v: unknown) => (v === null ? "—" : JSON.stringify(v));

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
        empty={<EmptyNote>Nothing matches.</EmptyNote>}
      >
        {(entries) => (
          <ul aria-label="Audit entries" className="grid gap-2">
            {entries.map((r) => (
              <li key={r.id} className="grid gap-1 rounded-2xl border border-gray-200 p-4 text-sm">
                <p className="font-semibold text-ink">
                  {r.action} · {r.target}
                </p>
                <p className="text-muted">
                  {formatDayTime(r.at)} · {r.staff ? r.staff.fullName : "Ops command (server)"}
                </p>
                <p className="break-all">
                  <span className="text-muted">Before</span> {show(r.before)}
                </p>
                <p className="break-all">
                  <span className="text-muted">After</span> {show(r.after)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </OpsSection>
  );
}
