"use client";
import { useState } from "react";
import useSWR, { mutate } from "swr";
import { Button } from "@/components/ui/button";
import { FormInput } from "@/components/ui/form-input";
import { LoadStates } from "@/components/ui/load-states";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useZodForm } from "@/components/ui/use-zod-form";
import { handleApiSubmit } from "@/components/ui/api-form";
import { USER_KEY } from "@/components/auth/auth-provider";
import { apiFetch } from "@/lib/client/api";
import type { TwoStepSetupJson, TwoStepStatusJson } from "@/lib/contracts/passkeys";
import { twoStepCodeSchema } from "@/lib/validators/passkeys";

const STATUS_KEY = "/api/two-step";

/**
 * Profile → Security → Two-step sign-in (docs/accounts.md): scan the QR code (or type the key),
 * confirm a code, keep the ten recovery codes; turn it off with a code.
 */
export function TwoStepSettings() {
  const status = useSWR<TwoStepStatusJson>(STATUS_KEY);
  const [setup, setSetup] = useState<TwoStepSetupJson | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  async function start() {
    setStarting(true);
    try {
      setSetup(await apiFetch<TwoStepSetupJson>("/api/two-step/setup", { method: "POST" }));
    } catch (e) {
      toastFailure("Could not start two-step sign-in", e, "Please try again later.");
    } finally {
      setStarting(false);
    }
  }
  const changed = () => {
    void status.mutate();
    void mutate(USER_KEY);
  };

  return (
    <section id="two-step" aria-labelledby="two-step-heading" className="grid gap-3">
      <h2 id="two-step-heading" className="text-lg font-semibold text-ink">
        Two-step sign-in
      </h2>
      <LoadStates read={status} failed="Failed to load two-step sign-in" loading="Loading...">
        {(s) => (
          <>
            {s.required && !s.enabled ? (
              <p role="status" className="rounded-xl bg-amber-50 p-4 text-sm text-ink">
                Your account can move money, so Fieldfare asks for a code as well as your password.
                Turn on two-step sign-in to use payouts, refunds and credits.
              </p>
            ) : null}
            {codes ? (
              <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
            ) : s.enabled ? (
              <>
                <p className="text-sm text-muted">
                  Two-step sign-in is on. {s.recoveryCodesLeft} recovery codes left.
                </p>
                <TurnOffForm onDone={changed} />
              </>
            ) : setup ? (
              <ConfirmSetup
                setup={setup}
                onDone={(recoveryCodes) => {
                  setSetup(null);
                  setCodes(recoveryCodes);
                  changed();
                }}
              />
            ) : (
              <>
                <p className="text-sm text-muted">
                  After your password, sign in with a code from an authenticator app.
                </p>
                <Button
                  onClick={() => void start()}
                  disabled={starting}
                  className="justify-self-start"
                >
                  {starting ? "Starting..." : "Turn on two-step sign-in"}
                </Button>
              </>
            )}
          </>
        )}
      </LoadStates>
    </section>
  );
}

function ConfirmSetup({
  setup,
  onDone,
}: {
  setup: TwoStepSetupJson;
  onDone: (codes: string[]) => void;
}) {
  const form = useZodForm(twoStepCodeSchema, { code: "" });
  const onSubmit = handleApiSubmit(
    form,
    async (values) => {
      const r = await apiFetch<{ recoveryCodes: string[] }>(STATUS_KEY, {
        method: "POST",
        json: values,
      });
      toast({ title: "Two-step sign-in is on" });
      onDone(r.recoveryCodes);
    },
    "Could not turn on two-step sign-in",
    "Please try again later.",
  );
  return (
    <div className="grid gap-3">
      <p className="text-sm text-ink">
        Scan this code with your authenticator app, or type the key into it.
      </p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made by the server */}
      <img
        src={setup.qrCode}
        alt="QR code for your authenticator app"
        width={180}
        height={180}
        className="rounded-lg border border-gray-200 bg-white"
      />
      <p className="text-sm text-ink">
        Key:{" "}
        <code className="font-mono break-all" data-testid="two-step-secret">
          {setup.secret}
        </code>
      </p>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-3 sm:max-w-xs"
        aria-label="Confirm two-step sign-in"
      >
        <FormInput
          form={form}
          name="code"
          id="two-step-confirm-code"
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <SubmitButton
          busy={form.formState.isSubmitting}
          busyLabel="Checking..."
          className="justify-self-start"
        >
          Turn on
        </SubmitButton>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-ink">
        Keep these recovery codes somewhere safe. Each signs you in once if you lose your phone.
        They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-gray-50 px-2 py-1 text-ink">
            {c}
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onDone} className="justify-self-start">
        I have saved them
      </Button>
    </div>
  );
}

function TurnOffForm({ onDone }: { onDone: () => void }) {
  const form = useZodForm(twoStepCodeSchema, { code: "" });
  const onSubmit = handleApiSubmit(
    form,
    async (values) => {
      await apiFetch(STATUS_KEY, { method: "DELETE", json: values });
      form.reset();
      toast({ title: "Two-step sign-in is off" });
      onDone();
    },
    "Could not turn off two-step sign-in",
    "Please try again later.",
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 sm:max-w-xs"
      aria-label="Turn off two-step sign-in"
    >
      <FormInput
        form={form}
        name="code"
        id="two-step-off-code"
        label="Code from the app or a recovery code"
        autoComplete="one-time-code"
      />
      <SubmitButton
        busy={form.formState.isSubmitting}
        busyLabel="Turning off..."
        variant="outline"
        className="justify-self-start"
      >
        Turn off two-step sign-in
      </SubmitButton>
    </form>
  );
}
