"use client";
import { useCallback, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { apiFetch, hasCode, messageOf } from "@/lib/client/api";
import { FormDialog } from "@/components/ui/form-dialog";

/**
 * Money actions ask for the password again (docs/operations.md, "Step-up"): `guarded(fn)` runs
 * `fn`; when the server answers `step_up_required` it asks for the password (or a two-step code,
 * or a passkey), steps up, and runs `fn` once more. Closing the dialog gives up (the promise
 * resolves undefined).
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

  async function confirm(proof: () => Promise<Record<string, unknown>>) {
    setBusy(true);
    try {
      await apiFetch("/api/ops/step-up", { method: "POST", json: await proof() });
      setOpen(false);
      waiting.current?.(true);
      waiting.current = null;
    } catch (err) {
      setError(messageOf(err, "Could not check your password. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  /** The password, or else the code when only the code was typed. */
  function submit(form: FormData) {
    const password = String(form.get("password") ?? "");
    const code = String(form.get("code") ?? "").trim();
    return confirm(async () => (code && !password ? { code } : { password }));
  }

  const withPasskey = () =>
    confirm(async () => {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const options = await apiFetch<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(
        "/api/login/passkey/options",
        { method: "POST" },
      );
      return { passkey: await startAuthentication({ optionsJSON: options }) };
    });

  const dialog = (
    <FormDialog
      open={open}
      onClose={() => {
        setOpen(false);
        waiting.current?.(false);
        waiting.current = null;
      }}
      title="Confirm it is you"
      description="Moving money needs your password again, a code from your app or a passkey. It stays confirmed for 10 minutes."
      onSubmit={submit}
      submit={busy ? "Checking..." : "Confirm"}
      busy={busy}
    >
      <Field id="step-up-password" label="Your password" error={error}>
        <Input
          id="step-up-password"
          name="password"
          type="password"
          autoComplete="current-password"
        />
      </Field>
      <Field id="step-up-code" label="Or a code from your app">
        <Input id="step-up-code" name="code" autoComplete="one-time-code" inputMode="numeric" />
      </Field>
      <Button type="button" variant="outline" disabled={busy} onClick={() => void withPasskey()}>
        Use a passkey
      </Button>
    </FormDialog>
  );
  return { guarded, dialog };
}
