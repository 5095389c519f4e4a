import "server-only";
import type { Agent } from "node:https";
import webpush, { WebPushError } from "web-push";
import { vapidKeys, type VapidKeys } from "@/lib/server/platform/env";
import type { PushTarget } from "@/lib/server/notifications/push-subscriptions";

/**
 * Where push notifications go (docs/notifications.md, "Push"): the browser's push service, through
 * `web-push` (VAPID-signed, the payload encrypted for the browser's keys, aes128gcm, RFC 8291).
 * The sender's other transport beside the mailer; the business never sees it.
 */
export type PushMessage = {
  title: string;
  body: string;
  /** Where a tap on the notification opens (a path of the app). */
  url: string;
  /** The same for every attempt and update of one thing, so a device shows it once. */
  tag: string;
};

/** `gone`: the push service says the subscription no longer exists (404 or 410). */
export type PushOutcome = "sent" | "gone";

export type PushTransport = {
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
  describe: string;
};

/** A push service keeps an undelivered message this long while the phone is off. */
const TTL_SECONDS = 24 * 60 * 60;

export function webPushTransport(keys: VapidKeys, opts: { agent?: Agent } = {}): PushTransport {
  return {
    describe: "Web Push",
    async send(target, message) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails: keys,
            TTL: TTL_SECONDS,
            contentEncoding: "aes128gcm",
            urgency: "high",
            topic: message.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
            timeout: 10_000,
            agent: opts.agent,
          },
        );
        return "sent";
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410))
          return "gone";
        if (error instanceof WebPushError)
          throw new Error(`push service answered ${error.statusCode}: ${error.body.slice(0, 200)}`);
        throw error;
      }
    },
  };
}

/** The configured push transport, or null when push is off on this server (no VAPID keys). */
export function configuredPushTransport(): PushTransport | null {
  const keys = vapidKeys();
  return keys ? webPushTransport(keys) : null;
}
