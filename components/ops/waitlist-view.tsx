"use client";
import { useRef, useState, type FormEvent } from "react";
import { Download } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { LoadError } from "@/components/ui/load-error";
import { LoadMoreButton } from "@/components/ui/load-more";
import { Skeleton } from "@/components/ui/skeleton";
import { usePaged } from "@/lib/client/use-paged";
import type { OpsSubmissionJson } from "@/lib/contracts/ops";
import { formatDateTime } from "@/lib/format";
import { FilterSelect } from "./filter-select";
import { EmptyNote } from "@/components/ui/empty-note";
import { OpsSection } from "./ops-section";

type Filters = { q?: string; source?: string; status?: string };

const query = (f: Filters) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : "";
};

const STATUS = {
  pending: { label: "Waiting to sync", variant: "warning" },
  synced: { label: "In the sheet", variant: "secondary" },
  failed: { label: "Sync failed", variant: "destructive" },
} as const;

const SOURCE_OPTIONS = [
  ["", "Both"],
  ["waitlist", "Waitlist"],
  ["demo", "Demo requests"],
] as const;

const STATUS_OPTIONS = [
  ["", "Any state"],
  ["pending", "Waiting"],
  ["synced", "Synced"],
  ["failed", "Failed"],
] as const;

/** Ops → Waitlist: waitlist entries and demo requests as the Sheet gets them, with their sync state and a CSV. */
export function WaitlistView() {
  const [filters, setFilters] = useState<Filters>({});
  const listRef = useRef<HTMLUListElement>(null);
  const list = usePaged<OpsSubmissionJson>(
    `/api/ops/waitlist${query(filters)}`,
    undefined,
    listRef,
  );
  const { page, status } = list;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setFilters({
      q: String(form.get("q") ?? "").trim() || undefined,
      source: String(form.get("source") ?? "") || undefined,
      status: String(form.get("status") ?? "") || undefined,
    });
  }

  return (
    <OpsSection
      id="waitlist-title"
      title="Waitlist and demo requests"
      className="grid gap-4"
      action={
        <Button asChild variant="outline">
          <a href={`/api/ops/waitlist.csv${query(filters)}`} download>
            <Download aria-hidden className="h-4 w-4" />
            Download CSV
          </a>
        </Button>
      }
    >
      <form
        role="search"
        onSubmit={submit}
        className="grid gap-3 md:grid-cols-[1fr_10rem_10rem_auto] md:items-end"
      >
        <Field id="waitlist-q" label="Name, email or company">
          <Input id="waitlist-q" name="q" maxLength={100} />
        </Field>
        <FilterSelect id="waitlist-source" name="source" label="Form" options={SOURCE_OPTIONS} />
        <FilterSelect id="waitlist-status" name="status" label="Sheet" options={STATUS_OPTIONS} />
        <Button type="submit">Search</Button>
      </form>
      {status === "loading" ? (
        <Skeleton className="h-40 rounded-2xl" />
      ) : status === "failed" || !page ? (
        <LoadError message="Could not load the waitlist" onRetry={() => void list.refresh()} />
      ) : page.items.length === 0 ? (
        <EmptyNote>Nothing matches.</EmptyNote>
      ) : (
        <>
          <ul ref={listRef} aria-label="Submissions" className="grid gap-2">
            {page.items.map((s) => {
              const state = STATUS[s.status];
              return (
                <li
                  key={s.id}
                  aria-label={`${s.fullName}, ${s.source === "demo" ? "demo request" : "waitlist"}`}
                  className="grid gap-1 rounded-2xl border border-gray-200 p-4 text-sm"
                >
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-ink">{s.fullName}</span>
                    <Badge variant="muted">
                      {s.source === "demo" ? "Demo request" : "Waitlist"}
                    </Badge>
                    <Badge variant={state.variant}>{state.label}</Badge>
                  </p>
                  <p className="[overflow-wrap:anywhere] text-muted">
                    {s.email} · {s.companyName} · {s.role}
                    {s.phoneNumber ? ` · ${s.phoneNumber}` : ""}
                  </p>
                  <p className="text-muted">
                    {formatDateTime(s.submittedAt)} · {s.submissionId}
                    {s.attempts > 0 ? ` · ${s.attempts} ${s.attempts === 1 ? "try" : "tries"}` : ""}
                  </p>
                  {s.lastError ? (
                    <p className="[overflow-wrap:anywhere] text-red-700">
                      Last error: {s.lastError}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <LoadMoreButton list={list} label="submissions" />
        </>
      )}
    </OpsSection>
  );
}
