"use client";
import { useState } from "react";
import useSWR from "swr";
import { Monitor } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LoadStates } from "@/components/ui/load-states";
import { DateTime } from "@/components/ui/date-time";
import { FormInput, NewPasswordFields, NO_NEW_PASSWORD } from "@/components/ui/form-input";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import { formatDateTime } from "@/lib/format";
import type { SessionJson } from "@/lib/contracts/security";
import { describeUserAgent } from "@/lib/user-agent";
import { changePasswordSchema } from "@/lib/validators/account-security";
import { ProfileSubpage } from "./profile-subpage";
import { PasskeySettings } from "./passkey-settings";
import { TwoStepSettings } from "./two-step-settings";
import { handleApiSubmit } from "@/components/ui/api-form";
import { useZodForm } from "@/components/ui/use-zod-form";

const SESSIONS_KEY = "/api/sessions";

/** Profile → Security (docs/accounts.md): two-step sign-in, passkeys, the password, the sessions. */
export function SecuritySettings() {
  const sessions = useSWR<SessionJson[]>(SESSIONS_KEY);
  return (
    <ProfileSubpage
      title="Security"
      description="Change your password, add passkeys, turn on two-step sign-in and see where your account is signed in."
    >
      <TwoStepSettings />
      <PasskeySettings />
      <ChangePasswordForm onChanged={() => void sessions.mutate()} />
      <section aria-labelledby="sessions-heading" className="grid gap-3">
        <h2 id="sessions-heading" className="text-lg font-semibold text-ink">
          Where you are signed in
        </h2>
        <LoadStates
          read={sessions}
          failed="Failed to load your sessions"
          loading="Loading your sessions..."
        >
          {(list) => <SessionList sessions={list} refresh={() => void sessions.mutate()} />}
        </LoadStates>
      </section>
    </ProfileSubpage>
  );
}

function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const form = useZodForm(changePasswordSchema, { currentPassword: "", ...NO_NEW_PASSWORD });
  const { isSubmitting } = form.formState;
  const onSubmit = handleApiSubmit(
    form,
    async (values) => {
      await apiFetch("/api/password/change", { method: "POST", json: values });
      form.reset();
      toast({ title: "Password changed", description: "Your other devices were signed out." });
      onChanged();
    },
    "Could not change the password",
    "Please try again later.",
  );
  return (
    <section aria-labelledby="password-heading" className="grid gap-3">
      <h2 id="password-heading" className="text-lg font-semibold text-ink">
        Change password
      </h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Change password">
        <FormInput
          form={form}
          name="currentPassword"
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields form={form} idPrefix="change" />
        <Button type="submit" disabled={isSubmitting} className="justify-self-start">
          {isSubmitting ? "Saving..." : "Change password"}
        </Button>
      </form>
    </section>
  );
}

function SessionList({ sessions, refresh }: { sessions: SessionJson[]; refresh: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  async function end(path: string, id: string, done: string) {
    setBusy(id);
    try {
      await apiFetch(path, { method: "DELETE" });
      toast({ title: done });
      refresh();
    } catch (e) {
      toastFailure("Could not sign out", e, "Please try again later.");
    } finally {
      setBusy(null);
    }
  }
  const others = sessions.filter((s) => !s.current);
  return (
    <>
      <ul className="grid gap-2">
        {sessions.map((s) => {
          const device = describeUserAgent(s.userAgent);
          return (
            <li
              key={s.id}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-gray-200 bg-white p-4"
            >
              <Monitor aria-hidden className="h-5 w-5 shrink-0 text-muted" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">
                  {device}
                  {s.current ? (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-muted">
                  Last seen <DateTime value={s.lastSeenAt} format="dateTime" /> · signed in{" "}
                  <DateTime value={s.createdAt} format="date" />
                </p>
              </div>
              {s.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy !== null}
                  aria-label={`Sign out ${device}, last seen ${formatDateTime(s.lastSeenAt)}`}
                  onClick={() => void end(`/api/sessions/${s.id}`, s.id, "Signed out that device")}
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length ? (
        <Button
          variant="secondary"
          disabled={busy !== null}
          className="justify-self-start"
          onClick={() => void end("/api/sessions", "others", "Signed out everywhere else")}
        >
          Sign out everywhere else
        </Button>
      ) : (
        <p className="text-sm text-muted">You are signed in on this device only.</p>
      )}
    </>
  );
}
