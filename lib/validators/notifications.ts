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
  payout_sent: {
    label: "Payouts",
    description: "Each weekly payout to your farm, with its statement",
  },
};

/** PUT /api/notification-preferences: any subset of kinds, each on or off. */
export const notificationPreferencesSchema = z
  .object({
    email: z.partialRecord(notificationKind, z.boolean({ error: "Must be true or false" })),
  })
  .strict();
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
