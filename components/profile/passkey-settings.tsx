"use client";
import { useState } from "react";
import useSWR from "swr";
import { KeyRound } from "lucide-react";
import { startRegistration } from "@simplewebauthn/browser";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DateTime } from "@/components/ui/date-time";
import { FormInput } from "@/components/ui/form-input";
import { LoadStates } from "@/components/ui/load-states";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiFetch } from "@/lib/client/api";
import type { PasskeyJson } from "@/lib/contracts/passkeys";
import { passkeyName } from "@/lib/validators/passkeys";
import { z } from "zod";

const PASSKEYS_KEY = "/api/passkeys";
const nameSchema = z.object({ name: passkeyName });

/** Profile → Security → Passkeys (docs/accounts.md): add one with a name, see them, remove one. */
export function PasskeySettings() {
  const passkeys = useSWR<PasskeyJson[]>(PASSKEYS_KEY);
  const [removing, setRemoving] = useState<PasskeyJson | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useZodForm(nameSchema, { name: "" });
  const { isSubmitting } = form.formState;

  const add = form.handleSubmit(async ({ name }) => {
    try {
      const options = await apiFetch<Parameters<typeof startRegistration>[0]["optionsJSON"]>(
        "/api/passkeys/options",
        { method: "POST" },
      );
      const credential = await startRegistration({ optionsJSON: options });
      await apiFetch(PASSKEYS_KEY, { method: "POST", json: { name, credential } });
      form.reset();
      toast({ title: "Passkey added", description: `"${name}" can sign you in now.` });
      void passkeys.mutate();
    } catch (e) {
      toastFailure("Could not add the passkey", e, "Your browser did not make a passkey.");
    }
  });

  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      await apiFetch(`/api/passkeys/${removing.id}`, { method: "DELETE" });
      toast({ title: "Passkey removed" });
      setRemoving(null);
      void passkeys.mutate();
    } catch (e) {
      toastFailure("Could not remove the passkey", e, "Please try again later.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="passkeys-heading" className="grid gap-3">
      <h2 id="passkeys-heading" className="text-lg font-semibold text-ink">
        Passkeys
      </h2>
      <p className="text-sm text-muted">
        Sign in with your fingerprint, face or device PIN instead of a password. A passkey counts as
        both steps of two-step sign-in.
      </p>
      <LoadStates
        read={passkeys}
        failed="Failed to load your passkeys"
        loading="Loading your passkeys..."
      >
        {(list) =>
          list.length ? (
            <ul className="grid gap-2" aria-label="Your passkeys">
              {list.map((p) => (
                <li
                  key={p.id}
                  aria-label={p.name}
                  className="flex flex-wrap items-center gap-3 rounded-xl border border-gray-200 bg-white p-4"
                >
                  <KeyRound aria-hidden className="h-5 w-5 shrink-0 text-muted" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-ink">{p.name}</p>
                    <p className="text-sm text-muted">
                      Added <DateTime value={p.createdAt} format="date" /> ·{" "}
                      {p.lastUsedAt ? (
                        <>
                          last used <DateTime value={p.lastUsedAt} format="dateTime" />
                        </>
                      ) : (
                        "not used yet"
                      )}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Remove passkey ${p.name}`}
                    onClick={() => setRemoving(p)}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">No passkeys yet.</p>
          )
        }
      </LoadStates>
      <form onSubmit={add} noValidate className="grid gap-3 sm:max-w-sm" aria-label="Add a passkey">
        <FormInput
          form={form}
          name="name"
          id="passkey-name"
          label="Passkey name"
          hint="For example: My laptop"
          autoComplete="off"
        />
        <SubmitButton busy={isSubmitting} busyLabel="Adding..." className="justify-self-start">
          Add a passkey
        </SubmitButton>
      </form>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && !busy && setRemoving(null)}
        title="Remove this passkey?"
        description={`"${removing?.name ?? ""}" will no longer sign you in.`}
        keepLabel="Keep passkey"
        confirmLabel="Yes, remove"
        busyLabel="Removing..."
        busy={busy}
        onConfirm={() => void remove()}
        confirmTestId="passkey-remove-confirm"
      />
    </section>
  );
}
