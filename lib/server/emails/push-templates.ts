import "server-only";
import type { Notification } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/platform/db";
import { formatCents } from "@/lib/server/wallet/serialize";
import { toLocalIso } from "@/lib/server/fulfilment/time";
import { formatSlot } from "@/lib/format";
import type { PushKind } from "@/lib/validators/notifications";
import { defang } from "./layout";
import type { PushMessage } from "./push-transport";

/**
 * What each push kind says (docs/notifications.md, "Push"), read at send time from the ids in the
 * payload, as the emails are. `null`: nothing to say any more (the message was read, the order
 * cancelled, the slot emptied); the sender marks the row skipped. A phone shows a title and a
 * line, so each is short; a user's words appear only in a message's line, defanged.
 */
type Payload = Record<string, unknown>;
const num = (p: Payload, key: string) => Number(p[key]);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const PREVIEW_CHARS = 120;

const composers: Record<PushKind, (n: Notification, p: Payload) => Promise<PushMessage | null>> = {
  async new_order(_n, p) {
    const o = await db.order.findUnique({
      where: { id: num(p, "orderId") },
      select: { id: true, status: true, itemCount: true, totalCents: true },
    });
    if (!o || o.status === "cancelled") return null;
    return {
      title: `New order #${o.id}`,
      body: `${plural(o.itemCount, "item", "items")}, ${formatCents(o.totalCents)}`,
      url: "/my-farm",
      tag: `order-${o.id}`,
    };
  },
  async new_message(_n, p) {
    const m = await db.message.findUnique({
      where: { id: num(p, "messageId") },
      select: {
        content: true,
        isRead: true,
        senderId: true,
        sender: { select: { fullName: true } },
      },
    });
    if (!m || m.isRead) return null;
    const text = m.content.replace(/\s+/g, " ").trim();
    const preview = text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
    return {
      title: `New message from ${defang(m.sender.fullName)}`,
      body: defang(preview),
      url: `/messages/${m.senderId}`,
      // One notification per conversation on the device: the newest message replaces the last.
      tag: `messages-${m.senderId}`,
    };
  },
  async adjustment_answer(_n, p) {
    const a = await db.orderAdjustment.findUnique({
      where: { id: num(p, "adjustmentId") },
      select: { orderId: true, buyerId: true, status: true },
    });
    if (!a || (a.status !== "accepted" && a.status !== "declined")) return null;
    return {
      title: `Change ${a.status} on order #${a.orderId}`,
      body:
        a.status === "accepted"
          ? "The buyer accepted the change you proposed. The order is updated."
          : "The buyer declined the change you proposed. The order stays as it was.",
      url: `/messages/${a.buyerId}`,
      tag: `adjustment-${num(p, "adjustmentId")}`,
    };
  },
  async cutoff_passed(_n, p) {
    const slotId = num(p, "slotId");
    const rows = await db.orderFulfilment.findMany({
      where: { slotId, order: { status: "active" } },
      select: { kind: true, startsAt: true, endsAt: true, timeZone: true, localDate: true },
    });
    if (!rows.length) return null;
    const [f] = rows;
    const when = formatSlot(toLocalIso(f.startsAt, f.timeZone), toLocalIso(f.endsAt, f.timeZone));
    return {
      title: `Cutoff passed — ${plural(rows.length, "order", "orders")} to pack`,
      body: `${f.kind === "pickup" ? "Pickup" : "Delivery"} ${when}`,
      url: `/my-farm/pack-list?date=${f.localDate}`,
      tag: `cutoff-${slotId}`,
    };
  },
};

export function composePush(kind: PushKind, n: Notification): Promise<PushMessage | null> {
  return composers[kind](n, (n.payload ?? {}) as Payload);
}
