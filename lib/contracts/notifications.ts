import { z } from "zod";
import {
  NOTIFICATION_KINDS,
  PUSH_KINDS,
  freshSheetSwitchSchema,
  notificationKind,
  notificationPreferencesSchema,
  pushSubscriptionSchema,
} from "@/lib/validators/notifications";
import { idParam } from "@/lib/validators/id";
import { endpoint, jsonBody } from "./endpoint";
import { id, isoDate, ok } from "./json";

export const notificationPreferences = z.object({
  email: z
    .object(
      Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<
        (typeof NOTIFICATION_KINDS)[number],
        z.ZodBoolean
      >,
    )
    .describe("one email switch per kind; true unless switched off"),
  push: z
    .object(
      Object.fromEntries(PUSH_KINDS.map((k) => [k, z.boolean()])) as Record<
        (typeof PUSH_KINDS)[number],
        z.ZodBoolean
      >,
    )
    .describe("one push switch per kind; false until switched on"),
  pushKey: z
    .string()
    .nullable()
    .describe(
      "the server's VAPID public key (base64url), the browser's `applicationServerKey`; null when push is off on this server",
    ),
});
export type NotificationPreferencesJson = z.infer<typeof notificationPreferences>;

/** One farm's weekly fresh-sheet email for the signed-in reader (Profile → Notification). */
export const freshSheetSwitch = z.object({
  farmId: id,
  farmName: z.string(),
  email: z.boolean().describe("true unless this farm's sheet is switched off"),
  sends: z.boolean().describe("whether the farm sends a fresh sheet at all (it chooses a day)"),
});
export type FreshSheetSwitchJson = z.infer<typeof freshSheetSwitch>;

/** A browser's push subscription as its owner sees it (the keys stay on the server). */
export const pushSubscription = z.object({
  id,
  endpoint: z.string().describe("the push service's URL for that browser"),
  createdAt: isoDate,
});
export type PushSubscriptionJson = z.infer<typeof pushSubscription>;

export const unsubscribed = z.object({
  kind: notificationKind,
  label: z.string(),
  email: z.literal(false),
});
export type UnsubscribedJson = z.infer<typeof unsubscribed>;

// Shape only here, the signature in the handler: either way a token that is not one is a 404.
const TOKEN = /^[1-9][0-9]{0,9}\.[a-z_]{1,40}\.[A-Za-z0-9_-]{43}$/;
const tokenParams = z.object({
  token: z
    .string()
    .refine((t) => TOKEN.test(t), {
      message: "This unsubscribe link is not valid",
      params: { code: "not_found" },
    })
    .meta({
      description: "the signed token of the email's List-Unsubscribe link",
      pattern: TOKEN.source,
    }),
});

/** Email notifications (docs/notifications.md): the per-kind switches and the one-click unsubscribe. */
export const notificationsApi = {
  preferences: endpoint({
    method: "GET",
    path: "/api/notification-preferences",
    tag: "Notifications",
    summary: "Your email switches, one per kind of notification",
    auth: "required",
    response: notificationPreferences,
  }),
  updatePreferences: endpoint({
    method: "PUT",
    path: "/api/notification-preferences",
    tag: "Notifications",
    summary: "Switch kinds of email on or off",
    description:
      "Send any subset of kinds (`{ email: { order_placed: false } }`, `{ push: { new_order: true } }`); the others keep their setting. Answers all switches.",
    auth: "required",
    body: jsonBody(notificationPreferencesSchema),
    response: notificationPreferences,
  }),
  pushSubscriptions: endpoint({
    method: "GET",
    path: "/api/push-subscriptions",
    tag: "Notifications",
    summary: "Your browsers' push subscriptions, newest first",
    auth: "required",
    response: z.array(pushSubscription),
  }),
  subscribePush: endpoint({
    method: "POST",
    path: "/api/push-subscriptions",
    tag: "Notifications",
    summary: "Save this browser's push subscription for you",
    description:
      "The body is the browser's `PushSubscription.toJSON()`. The endpoint must be a browser push service's https URL (400 otherwise). Saving an endpoint again replaces its keys, and a browser someone else subscribed on becomes yours. What is pushed is chosen by the `push` switches of /api/notification-preferences.",
    auth: "required",
    body: jsonBody(pushSubscriptionSchema),
    status: 201,
    response: pushSubscription,
  }),
  unsubscribePush: endpoint({
    method: "DELETE",
    path: "/api/push-subscriptions/{id}",
    tag: "Notifications",
    summary: "Remove one of your push subscriptions (404 if not yours)",
    auth: "required",
    params: z.object({ id: idParam("Push subscription") }),
    response: ok,
  }),
  freshSheets: endpoint({
    method: "GET",
    path: "/api/fresh-sheets",
    tag: "Notifications",
    summary:
      "The farms whose weekly fresh sheet you get (those you follow or buy from), each with its switch",
    auth: "required",
    response: z.array(freshSheetSwitch),
  }),
  setFreshSheet: endpoint({
    method: "PUT",
    path: "/api/fresh-sheets/{farmId}",
    tag: "Notifications",
    summary: "Switch one farm's weekly fresh-sheet email on or off",
    description:
      "`{ email: false }` stops this farm's sheet, `true` starts it again; any farm may be named (404 for an unknown one). The `fresh_sheet` kind in /api/notification-preferences switches every farm's sheet at once.",
    auth: "required",
    params: z.object({ farmId: idParam("Farm") }),
    body: jsonBody(freshSheetSwitchSchema),
    response: freshSheetSwitch,
    errors: ["not_found"],
  }),
  unsubscribePage: endpoint({
    method: "GET",
    path: "/api/unsubscribe/{token}",
    tag: "Notifications",
    summary:
      "A person opening the List-Unsubscribe link: 303 to the confirm page /unsubscribe/{token} (nothing changes on GET)",
    auth: "none",
    params: tokenParams,
    status: 303,
  }),
  unsubscribe: endpoint({
    method: "POST",
    path: "/api/unsubscribe/{token}",
    tag: "Notifications",
    summary:
      "One-click unsubscribe (RFC 8058): switches the token's kind off for its user, signed out",
    description:
      "The URL of every email's `List-Unsubscribe` header. Mail clients POST `List-Unsubscribe=One-Click` to it from anywhere, so this call accepts cross-site requests (it reads no cookie and no body; the signed token in the path is the authority). Repeating it is harmless. A token that does not verify is 404; throttled per client address.",
    auth: "none",
    crossSite: "allowed",
    params: tokenParams,
    response: unsubscribed,
    errors: ["not_found", "rate_limited"],
  }),
};
