import "server-only";
import { queueCutoffReminders, queueUnreadDigests } from "./scans";
import { startNotificationSender } from "./sender";

/**
 * The process's email sender with its scans (instrumentation.ts, scripts/worker.ts). Kept on
 * globalThis so dev-mode module reloads do not start a second loop.
 */
const g = globalThis as unknown as { __fieldfareNotifications?: () => Promise<void> };

export function startNotifications(): () => Promise<void> {
  if (g.__fieldfareNotifications) return g.__fieldfareNotifications;
  const stop = startNotificationSender({ rounds: [queueCutoffReminders, queueUnreadDigests] });
  return (g.__fieldfareNotifications = async () => {
    g.__fieldfareNotifications = undefined;
    await stop();
  });
}
