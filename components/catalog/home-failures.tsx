"use client";
import { useCallback, useEffect, useMemo, useState } from "react";
import { RotateCw } from "lucide-react";
import { EmptyNote } from "@/components/ui/empty-note";
import { createRequiredContext } from "@/lib/client/required-context";

/** A home section whose data did not load: its docs/product.md message and how to fetch it again. */
type Failure = { message: string; retry: () => Promise<unknown> };

const [FailuresContext, useFailures] = createRequiredContext<{
  report: (failure: Failure) => () => void;
}>("A home section's failure is reported under <HomeFailures>");

/**
 * The home feed's failures in one place (docs/product.md, "Home"): with the API down, one notice
 * lists every section that did not load and one Try again fetches them all again; the sections
 * that did load stay as they are.
 */
export function HomeFailures({ children }: { children: React.ReactNode }) {
  const [failures, setFailures] = useState<Failure[]>([]);
  const report = useCallback((failure: Failure) => {
    setFailures((all) => [...all.filter((f) => f.message !== failure.message), failure]);
    return () => setFailures((all) => all.filter((f) => f !== failure));
  }, []);
  const value = useMemo(() => ({ report }), [report]);
  return (
    <FailuresContext.Provider value={value}>
      {failures.length ? <FailureNotice failures={failures} /> : null}
      {children}
    </FailuresContext.Provider>
  );
}

/**
 * Reports a section's failure while `retry` is given (its data failed and is not there); the
 * section itself shows `<NotLoaded />` meanwhile. `retry` must keep its identity (SWR's `mutate`).
 */
export function useReportFailure(message: string, retry: (() => Promise<unknown>) | undefined) {
  const { report } = useFailures();
  useEffect(() => (retry ? report({ message, retry }) : undefined), [report, message, retry]);
}

/** What a failed section shows in its place: the notice above says what failed and retries it. */
export function NotLoaded() {
  return <EmptyNote>This section did not load: Try again above.</EmptyNote>;
}

function FailureNotice({ failures }: { failures: Failure[] }) {
  const [pending, setPending] = useState(false);
  const retry = async () => {
    setPending(true);
    try {
      await Promise.allSettled(failures.map((f) => f.retry()));
    } finally {
      setPending(false);
    }
  };
  return (
    <div
      role="alert"
      data-testid="home-failures"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <ul className="grid gap-1">
        {failures.map((f) => (
          <li key={f.message}>{f.message}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => void retry()}
        disabled={pending}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-red-300 bg-white px-3 font-semibold text-red-800 hover:bg-red-100"
      >
        <RotateCw aria-hidden className={pending ? "h-4 w-4 animate-spin" : "h-4 w-4"} />
        {pending ? "Retrying..." : "Try again"}
      </button>
    </div>
  );
}
