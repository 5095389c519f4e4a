import "server-only";
import type { Loop } from "@/lib/server/platform/loop";
import {
  queueCutoffPushes,
  queueCutoffReminders,
  queueMessagePushes,
  queueUnreadDigests,
} from "@/lib/server/notifications/scans";
import { queueFreshSheets } from "@/lib/server/notifications/fresh-sheets";
import { startNotificationSender } from "./sender";

/**
 * The process's email sender with its scans (reminders, digests and the weekly fresh sheets) (started by startWorkers, lib/server/workers.ts). Kept
 * on globalThis so dev-mode module reloads do not start a second loop.
 */
const g = globalThis as unknown as { __fieldfareNotifications?: Loop };

export function startNotifications(): Loop {
  if (g.__fieldfareNotifications) return g.__fieldfareNotifications;
  const loop = startNotificationSender({
    rounds: [
      queueCutoffReminders,
      queueUnreadDigests,
      queueFreshSheets,
      queueMessagePushes,
      queueCutoffPushes,
    ],
  });
  return (g.__fieldfareNotifications = {
    nudge: loop.nudge,
    stop: async () => {
      g.__fieldfareNotifications = undefined;
      await loop.stop();
    },
  });
}
