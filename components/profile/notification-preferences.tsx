"use client";
import { useState } from "react";
import { Loader2 } from "lucide-react";
import { useAuth } from "@/components/auth/auth-provider";
import { LoadError } from "@/components/ui/load-error";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import type {
  FreshSheetSwitchJson,
  NotificationPreferencesJson,
} from "@/lib/contracts/notifications";
import {
  KIND_LABELS,
  kindsFor,
  pushKindsFor,
  type NotificationKind,
} from "@/lib/validators/notifications";
import { PushSwitches } from "./push-switches";
import { SwitchRow } from "./switch-row";
import { ProfileSubpage } from "./profile-subpage";
import { SignedInRead } from "./signed-in-read";
import { useFreshSheetSwitches, useNotificationPreferences } from "@/lib/client/resources";

type Email = NotificationPreferencesJson["email"];

/** Profile → Notification, filled from /api in the browser: the user's kinds of email and their switches. */
export function NotificationSettings() {
  const { user } = useAuth();
  const read = useNotificationPreferences();
  return (
    <ProfileSubpage
      title="Notifications"
      description={
        user ? `Choose which emails we send to ${user.email}.` : "Choose which emails we send you."
      }
    >
      <SignedInRead
        read={read}
        failed="Failed to load your notification settings"
        loading="Loading your settings..."
      >
        {({ email, push, pushKey }, { userType }) => (
          <>
            <NotificationPreferences kinds={kindsFor(userType)} initial={email} />
            {pushKindsFor(userType).length ? (
              <PushSwitches kinds={pushKindsFor(userType)} initial={push} pushKey={pushKey} />
            ) : null}
            {userType !== "farmer" ? <FreshSheetSwitches /> : null}
          </>
        )}
      </SignedInRead>
    </ProfileSubpage>
  );
}

/** Profile → Notification: one email switch per kind (docs/notifications.md). Each flip is saved at once and confirmed with a toast. */
export function NotificationPreferences({
  kinds,
  initial,
}: {
  kinds: NotificationKind[];
  initial: Email;
}) {
  const [email, setEmail] = useState(initial);
  const [saving, setSaving] = useState<NotificationKind | null>(null);

  async function flip(kind: NotificationKind, on: boolean) {
    const before = email;
    setEmail({ ...email, [kind]: on });
    setSaving(kind);
    try {
      const saved = await apiFetch<NotificationPreferencesJson>("/api/notification-preferences", {
        method: "PUT",
        json: { email: { [kind]: on } },
      });
      setEmail(saved.email);
      toast({
        title: "Notification settings saved",
        description: `${KIND_LABELS[kind].label}: ${on ? "on" : "off"}`,
      });
    } catch (error) {
      setEmail(before);
      toastFailure("Could not save", error);
    } finally {
      setSaving(null);
    }
  }

  return (
    <section
      aria-labelledby="email-switches"
      className="overflow-hidden rounded-2xl border border-gray-200 bg-white"
    >
      <h2
        id="email-switches"
        className="border-b border-gray-100 px-4 py-3 text-sm font-semibold text-ink"
      >
        Email
      </h2>
      <ul className="divide-y divide-gray-100">
        {kinds.map((kind) => {
          const id = `notify-${kind}`;
          return (
            <SwitchRow
              key={kind}
              id={id}
              label={KIND_LABELS[kind].label}
              description={KIND_LABELS[kind].description}
              checked={email[kind]}
              disabled={saving === kind}
              onChange={(on) => void flip(kind, on)}
            />
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Profile → Notification, "Fresh sheets": one switch per farm the user follows or buys from
 * (docs/restaurants.md, "Fresh sheet"), each saved at once (PUT /api/fresh-sheets/{farmId}).
 */
function FreshSheetSwitches() {
  const { data, error, mutate } = useFreshSheetSwitches();
  const [saving, setSaving] = useState<number | null>(null);

  async function flip(farm: FreshSheetSwitchJson, on: boolean) {
    setSaving(farm.farmId);
    const optimistic = data?.map((f) => (f.farmId === farm.farmId ? { ...f, email: on } : f));
    try {
      await mutate(
        async () => {
          const saved = await apiFetch<FreshSheetSwitchJson>(`/api/fresh-sheets/${farm.farmId}`, {
            method: "PUT",
            json: { email: on },
          });
          return data?.map((f) => (f.farmId === saved.farmId ? saved : f));
        },
        { optimisticData: optimistic, rollbackOnError: true, revalidate: false },
      );
      toast({
        title: "Notification settings saved",
        description: `Fresh sheet from ${farm.farmName}: ${on ? "on" : "off"}`,
      });
    } catch (e) {
      toast({
        title: "Could not save",
        description: messageOf(e, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setSaving(null);
    }
  }

  return (
    <section
      aria-labelledby="fresh-sheet-switches"
      className="mt-6 overflow-hidden rounded-2xl border border-gray-200 bg-white"
    >
      <h2
        id="fresh-sheet-switches"
        className="border-b border-gray-100 px-4 py-3 text-sm font-semibold text-ink"
      >
        Fresh sheets
      </h2>
      <p className="border-b border-gray-100 px-4 py-2 text-sm text-muted">
        Each farm&apos;s weekly email on its own; the &ldquo;Fresh sheets&rdquo; switch above stops
        them all.
      </p>
      {data ? (
        data.length ? (
          <ul className="divide-y divide-gray-100">
            {data.map((farm) => {
              const id = `fresh-sheet-${farm.farmId}`;
              return (
                <SwitchRow
                  key={farm.farmId}
                  id={id}
                  label={farm.farmName}
                  description={
                    farm.sends
                      ? "Its weekly email of what is available"
                      : "This farm does not send a fresh sheet yet"
                  }
                  checked={farm.email}
                  disabled={saving === farm.farmId}
                  onChange={(on) => void flip(farm, on)}
                />
              );
            })}
          </ul>
        ) : (
          <p className="px-4 py-3 text-sm text-muted">
            Follow a farm from its page to get its weekly fresh sheet.
          </p>
        )
      ) : error ? (
        <div className="px-4 py-3">
          <LoadError
            message={messageOf(error, "Failed to load your fresh sheets")}
            onRetry={() => void mutate()}
          />
        </div>
      ) : (
        <p role="status" className="flex items-center gap-2 px-4 py-3 text-muted">
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> Loading your fresh sheets...
        </p>
      )}
    </section>
  );
}
