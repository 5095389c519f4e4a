"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch, messageOf } from "@/lib/client/api";

/** Posts the one-click unsubscribe and says what happened (a live region, no toast: this page has no app shell). */
export function UnsubscribeButton({
  token,
  label,
  already,
}: {
  token: string;
  label: string;
  already: boolean;
}) {
  const [state, setState] = useState<"idle" | "busy" | "done" | "error">(already ? "done" : "idle");
  const [error, setError] = useState("");

  async function unsubscribe() {
    setState("busy");
    try {
      await apiFetch(`/api/unsubscribe/${encodeURIComponent(token)}`, { method: "POST" });
      setState("done");
    } catch (e) {
      setError(messageOf(e, "Something went wrong. Please try again."));
      setState("error");
    }
  }

  return (
    <div className="mt-6">
      <p role="status" className="mb-3 text-sm font-medium text-ink empty:hidden">
        {state === "done"
          ? `You are unsubscribed: no more “${label}” emails.`
          : state === "error"
            ? error
            : ""}
      </p>
      {state !== "done" ? (
        <Button onClick={unsubscribe} disabled={state === "busy"} className="w-full">
          {state === "busy" ? "Unsubscribing…" : "Unsubscribe"}
        </Button>
      ) : null}
    </div>
  );
}
