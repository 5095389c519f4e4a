"use client";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/client/api";

type State = { kind: "idle" | "sending" } | { kind: "done" | "error"; message: string };

/**
 * The newsletter box. It validates with the browser (type=email, required) and lets the server's
 * newsletterSchema have the last word, so the landing page does not ship zod.
 */
export function NewsletterForm() {
  const id = useId();
  const [state, setState] = useState<State>({ kind: "idle" });
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const email = String(new FormData(form).get("email") ?? "").trim();
    setState({ kind: "sending" });
    try {
      const res = await fetch("/api/newsletter", {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
      const body = (await res.json().catch(() => ({}))) as {
        message?: string;
        errors?: Record<string, string>;
      };
      if (!res.ok)
        throw new ApiError(res.status, `${res.status}`, body.errors?.email ?? body.message);
      form.reset();
      setState({
        kind: "done",
        message:
          res.status === 200
            ? "You're already subscribed — thanks for reading!"
            : "You're subscribed! Your first month is free.",
      });
    } catch (error) {
      setState({
        kind: "error",
        message:
          (error instanceof ApiError && error.serverMessage) ||
          "We couldn't subscribe you right now. Please try again.",
      });
    }
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2" aria-describedby={`${id}-status`}>
      <label htmlFor={`${id}-email`} className="text-sm font-medium text-white">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          className="sm:flex-1"
        />
        <Button type="submit" size="md" variant="secondary" disabled={state.kind === "sending"}>
          {state.kind === "sending" ? "Subscribing..." : "Subscribe"}
        </Button>
      </div>
      <p
        id={`${id}-status`}
        role="status"
        className="min-h-5 text-sm font-medium text-white"
        data-testid="newsletter-status"
      >
        {state.kind === "done" || state.kind === "error" ? state.message : ""}
      </p>
    </form>
  );
}
