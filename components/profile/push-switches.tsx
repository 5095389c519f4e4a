"use client";
import type { NotificationPreferencesJson } from "@/lib/contracts/notifications";
import { PUSH_LABELS, type PushKind } from "@/lib/validators/notifications";
import { SwitchRow } from "./switch-row";
import { usePushSwitches, type PushSupport } from "./use-push-switches";

function note(support: PushSupport, pushKey: string | null): string {
  if (!pushKey) return "Push notifications are not set up on this server.";
  if (support === "unsupported") return "This browser cannot show notifications.";
  if (support === "denied")
    return "Notifications are blocked for this site. Allow them in your browser's site settings to turn these on.";
  if (support === "granted") return "On this device, as they happen.";
  return "On this device, as they happen. Turning one on asks your browser to allow notifications.";
}

/** Profile → Notification, "Push": the farmer's four push switches (docs/notifications.md, "Push"). */
export function PushSwitches({
  kinds,
  initial,
  pushKey,
}: {
  kinds: PushKind[];
  initial: NotificationPreferencesJson["push"];
  pushKey: string | null;
}) {
  const { checked, support, saving, flip } = usePushSwitches(initial, pushKey);
  const unavailable = !pushKey || support === "unsupported" || support === "denied";
  return (
    <section
      aria-labelledby="push-switches"
      className="mt-6 overflow-hidden rounded-2xl border border-gray-200 bg-white"
    >
      <h2
        id="push-switches"
        className="border-b border-gray-100 px-4 py-3 text-sm font-semibold text-ink"
      >
        Push notifications
      </h2>
      <p className="border-b border-gray-100 px-4 py-2 text-sm text-muted">
        {note(support, pushKey)}
      </p>
      <ul className="divide-y divide-gray-100">
        {kinds.map((kind) => {
          const id = `push-${kind}`;
          return (
            <SwitchRow
              key={kind}
              id={id}
              label={PUSH_LABELS[kind].label}
              description={PUSH_LABELS[kind].description}
              checked={checked(kind)}
              disabled={unavailable || support === "unknown" || saving !== null}
              onChange={(on) => void flip(kind, on)}
            />
          );
        })}
      </ul>
    </section>
  );
}
