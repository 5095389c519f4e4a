import { z } from "zod";

/**
 * The kinds of email Fieldfare sends (docs/notifications.md), in the order Profile → Notification
 * lists them. Each is one email switch; a kind without a stored preference is on.
 */
export const NOTIFICATION_KINDS = [
  "order_placed",
  "order_received",
  "order_cancelled",
  "adjustment_proposed",
  "adjustment_applied",
  "standing_placed",
  "standing_failed",
  "cutoff_reminder",
  "unread_messages",
  "fresh_sheet",
  "share_box",
  "share_payment_failed",
  "payout_sent",
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationKind = z.enum(NOTIFICATION_KINDS, { error: "Unknown notification kind" });

/** The switch labels and what each one covers (shown on the preferences screen and the unsubscribe page). */
export const KIND_LABELS: Record<NotificationKind, { label: string; description: string }> = {
  order_placed: {
    label: "Order receipts",
    description: "Your receipt, with the PDF, when you place an order",
  },
  order_received: {
    label: "New orders for my farm",
    description: "When a buyer orders from your farm",
  },
  order_cancelled: {
    label: "Cancelled orders",
    description: "When an order you placed or received is cancelled",
  },
  adjustment_proposed: {
    label: "Proposed changes",
    description: "When a farm proposes a change to your order",
  },
  adjustment_applied: {
    label: "Applied changes",
    description: "When a change to an order is applied",
  },
  standing_placed: {
    label: "Standing orders placed",
    description: "When one of your standing orders is placed",
  },
  standing_failed: {
    label: "Standing orders not placed",
    description: "When a standing order could not be placed, and why",
  },
  cutoff_reminder: {
    label: "Cutoff reminders",
    description: "A day before a standing order is placed, while you can still change it",
  },
  unread_messages: {
    label: "Unread messages",
    description: "A digest when a message waits unread for 10 minutes",
  },
  fresh_sheet: {
    label: "Fresh sheets",
    description: "Each week, what the farms you follow or buy from have available",
  },
  share_box: {
    label: "Farm share boxes",
    description:
      "Each box of your farm share when the farm publishes it, with links to swap or skip",
  },
  share_payment_failed: {
    label: "Farm share payments not taken",
    description: "When a part of your season's payment could not be taken from your wallet",
  },
  payout_sent: {
    label: "Payouts",
    description: "Each weekly payout to your farm, with its statement",
  },
};

/**
 * The kinds of push notification (docs/notifications.md, "Push"), for farmers: each its own
 * switch, off until the farmer turns it on and allows notifications in the browser.
 */
export const PUSH_KINDS = [
  "new_order",
  "new_message",
  "adjustment_answer",
  "cutoff_passed",
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export const pushKind = z.enum(PUSH_KINDS, { error: "Unknown push notification kind" });

export const PUSH_LABELS: Record<PushKind, { label: string; description: string }> = {
  new_order: { label: "New orders", description: "When a buyer orders from your farm" },
  new_message: { label: "New messages", description: "When someone writes to you" },
  adjustment_answer: {
    label: "Answers to your changes",
    description: "When a buyer accepts or declines a change you proposed",
  },
  cutoff_passed: {
    label: "Cutoff passed",
    description: "When orders close for a pickup or delivery, with how many to pack",
  },
};

/** The push switches an account is shown: farmers only. */
export const pushKindsFor = (userType: string): PushKind[] =>
  userType === "farmer" ? [...PUSH_KINDS] : [];

const onOff = z.boolean({ error: "Must be true or false" });

/** PUT /api/notification-preferences: any subset of kinds, each on or off, by email and by push. */
export const notificationPreferencesSchema = z
  .object({
    email: z.partialRecord(notificationKind, onOff).optional(),
    push: z.partialRecord(pushKind, onOff).optional(),
  })
  .strict()
  .refine((p) => p.email !== undefined || p.push !== undefined, {
    message: "Send email or push switches",
    path: ["email"],
  });
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/fresh-sheets/{farmId}: one farm's weekly fresh-sheet email on or off. */
export const freshSheetSwitchSchema = z
  .object({ email: z.boolean({ error: "Must be true or false" }) })
  .strict();
export type FreshSheetSwitchInput = z.infer<typeof freshSheetSwitchSchema>;

/** The switches a kind of account is shown (a farm gets no receipts, a shopper no standing orders); the server honours every kind either way. */
export function kindsFor(userType: string): NotificationKind[] {
  if (userType === "farmer")
    return [
      "order_received",
      "order_cancelled",
      "adjustment_applied",
      "unread_messages",
      "payout_sent",
    ];
  const buyer = NOTIFICATION_KINDS.filter((k) => k !== "order_received" && k !== "payout_sent");
  return userType === "restaurant"
    ? buyer
    : buyer.filter((k) => !k.startsWith("standing_") && k !== "cutoff_reminder");
}

// A 65-byte P-256 point (0x04 first: base64url "B") and a 16-byte secret, unpadded or padded.
const P256_POINT = /^B[A-Za-z0-9_-]{86}=?$/;
const AUTH_SECRET = /^[A-Za-z0-9_-]{22}(==)?$/;
const PRINTABLE = /^[\x21-\x7e]+$/;

/**
 * POST /api/push-subscriptions: what the browser's `PushSubscription.toJSON()` gives. Which push
 * services are accepted is decided on the server (lib/server/notifications/push-subscriptions.ts).
 */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z
      .url({ protocol: /^https$/, error: "Must be the push service's https URL" })
      .max(1000, "Must be the push service's https URL")
      .regex(PRINTABLE, "Must be the push service's https URL"),
    expirationTime: z.number().int().nonnegative().nullable().optional(),
    keys: z
      .object(
        {
          p256dh: z
            .string({ error: "Must be the subscription's P-256 key" })
            .regex(P256_POINT, "Must be the subscription's P-256 key"),
          auth: z
            .string({ error: "Must be the subscription's auth secret" })
            .regex(AUTH_SECRET, "Must be the subscription's auth secret"),
        },
        { error: "Must hold the subscription's p256dh and auth keys" },
      )
      .strict(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
