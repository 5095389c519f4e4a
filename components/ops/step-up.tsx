"use client";
import { useCallback, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { apiFetch, hasCode, messageOf } from "@/lib/client/api";

/**
 * Money actions ask for the password again (docs/operations.md, "Step-up"): `guarded(fn)` runs
 * `fn`; when the server answers `step_up_required` it asks for the password, steps up, and runs
 * `fn` once more. Closing the dialog gives up (the promise resolves undefined).
 */
export function useStepUp() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const waiting = useRef<((ok: boolean) => void) | null>(null);

  const guarded = useCallback(async <T,>(fn: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await fn();
    } catch (e) {
      if (!hasCode(e, "step_up_required")) throw e;
      setError(undefined);
      setOpen(true);
      const ok = await new Promise<boolean>((resolve) => (waiting.current = resolve));
      return ok ? fn() : undefined;
    }
  }, []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get("password") ?? "");
    setBusy(true);
    try {
      await apiFetch("/api/ops/step-up", { method: "POST", json: { password } });
      setOpen(false);
      waiting.current?.(true);
      waiting.current = null;
    } catch (err) {
      setError(messageOf(err, "Could not check your password. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  const dialog = (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          waiting.current?.(false);
          waiting.current = null;
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm it is you</DialogTitle>
          <DialogDescription>
            Moving money needs your password again. It stays confirmed for 10 minutes.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <Field id="step-up-password" label="Your password" error={error}>
            <Input
              id="step-up-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Checking..." : "Confirm"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
  return { guarded, dialog };
}
