"use client";
import { useState } from "react";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import { serviceWorkerRegistration } from "@/lib/client/offline/service-worker";
import type {
  NotificationPreferencesJson,
  PushSubscriptionJson,
} from "@/lib/contracts/notifications";
import { PUSH_KINDS, PUSH_LABELS, type PushKind } from "@/lib/validators/notifications";

type Push = NotificationPreferencesJson["push"];
/** What this browser can do: no push at all, or push with its permission for this site. */
export type PushSupport = "unknown" | "unsupported" | NotificationPermission;

/** This browser's subscription, made with the server's key when there is none yet, saved for the user. */
async function subscribeThisBrowser(pushKey: string) {
  // The site's one worker (app/sw.ts), the same registration the farm app works offline with.
  const reg = await serviceWorkerRegistration();
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: pushKey }));
  await apiFetch<PushSubscriptionJson>("/api/push-subscriptions", {
    method: "POST",
    json: sub.toJSON(),
  });
}

/** Every switch off: this browser stops receiving, on the server and in the push service. */
async function unsubscribeThisBrowser() {
  const reg = await navigator.serviceWorker.getRegistration("/");
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  const saved = await apiFetch<PushSubscriptionJson[]>("/api/push-subscriptions");
  const mine = saved.find((s) => s.endpoint === sub.endpoint);
  if (mine) await apiFetch(`/api/push-subscriptions/${mine.id}`, { method: "DELETE" });
  await sub.unsubscribe();
}

/**
 * Profile → Notification, "Push" (docs/notifications.md, "Push"): a switch shows on only while
 * the user wants that kind and this browser allows notifications; turning one on asks the
 * browser's permission first, then subscribes this browser and saves the switch.
 */
export function usePushSwitches(initial: Push, pushKey: string | null) {
  const [push, setPush] = useState(initial);
  // Read once on mount: the switches render in the browser only, after the preferences load.
  const [support, setSupport] = useState<PushSupport>(() => {
    if (typeof window === "undefined") return "unknown";
    const able =
      "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
    return able ? Notification.permission : "unsupported";
  });
  const [saving, setSaving] = useState<PushKind | null>(null);

  async function save(kind: PushKind, on: boolean) {
    const saved = await apiFetch<NotificationPreferencesJson>("/api/notification-preferences", {
      method: "PUT",
      json: { push: { [kind]: on } },
    });
    setPush(saved.push);
    return saved.push;
  }

  async function flip(kind: PushKind, on: boolean) {
    if (!pushKey) return;
    setSaving(kind);
    try {
      if (on) {
        const permission =
          Notification.permission === "granted"
            ? "granted"
            : await Notification.requestPermission();
        setSupport(permission);
        if (permission !== "granted") {
          toast({
            title: "Notifications are not allowed",
            description: "Allow notifications for this site in your browser, then try again.",
            variant: "destructive",
          });
          return;
        }
        await subscribeThisBrowser(pushKey);
        await save(kind, true);
      } else {
        const now = await save(kind, false);
        if (PUSH_KINDS.every((k) => !now[k])) await unsubscribeThisBrowser();
      }
      toast({
        title: "Notification settings saved",
        description: `${PUSH_LABELS[kind].label}: ${on ? "on" : "off"}`,
      });
    } catch (error) {
      toastFailure("Could not save", error);
    } finally {
      setSaving(null);
    }
  }

  const checked = (kind: PushKind) => support === "granted" && push[kind];
  return { checked, support, saving, flip };
}
