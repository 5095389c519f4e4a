import "server-only";
import type Mail from "nodemailer/lib/mailer";
import type { Notification } from "@/lib/generated/prisma/client";
import { describeLines, storedLines } from "@/lib/server/adjustments/serialize";
import { db } from "@/lib/server/platform/db";
import { receiptOrderInclude, receiptPdf } from "@/lib/server/documents/receipt";
import { formatCents } from "@/lib/server/wallet/serialize";
import { payoutForEmail } from "@/lib/server/accounting/payout-statement";
import { caseSizeFor, levelOf, pricedLineSelect, unitPrice } from "@/lib/server/catalog/pricing";
import { itemsOf, type StandingItem } from "@/lib/server/standing/serialize";
import { DEFAULT_TIME_ZONE, formatDateTime, formatQuantity, formatSlotDay } from "@/lib/format";
import type { NotificationKind } from "@/lib/validators/notifications";
import { freshSheet } from "@/lib/server/catalog/farm-page";
import { shareBoxForEmail } from "@/lib/server/shares/memberships";
import { shareLinkPath, signShareLink } from "@/lib/server/shares/links";
import { signSheetLink, sheetLinkPath } from "@/lib/server/notifications/sheet-links";
import { appUrl, defang, type EmailContent } from "./layout";

/**
 * What each kind says (docs/notifications.md, "Events"), read from the database at send time from
 * the ids in the payload. `null` means there is nothing to say any more (the messages of a digest
 * were read meanwhile, the row is gone): the sender marks the notification skipped.
 */
export type Composed = { content: EmailContent; attachments?: Mail.Attachment[] };

type Payload = Record<string, unknown>;
const num = (p: Payload, key: string) => Number(p[key]);
const when = (d: Date, timeZone = DEFAULT_TIME_ZONE) => formatDateTime(d, { timeZone });

/** One read per email: what the text says and, for a receipt, what its PDF says. */
function loadOrder(id: number) {
  return db.order.findUnique({ where: { id }, include: receiptOrderInclude });
}
type LoadedOrder = NonNullable<Awaited<ReturnType<typeof loadOrder>>>;

function orderRows(o: LoadedOrder): EmailContent["rows"] {
  return [
    ...o.items.map((i) => ({
      label: `${i.productName} × ${formatQuantity(i.quantity, i.product.unit, caseSizeFor(i.product, levelOf(o.user)))}`,
      value: formatCents(i.priceCents * i.quantity),
    })),
    ...((o.fulfilment?.feeCents ?? 0) > 0
      ? [{ label: "Delivery fee", value: formatCents(o.fulfilment!.feeCents) }]
      : []),
    { label: "Total", value: formatCents(o.totalCents), strong: true },
  ];
}

/**
 * User-written text in an email is only ever a labelled quotation (docs/notifications.md,
 * "Templates"): the label is ours and says who wrote it. Names inside a label are defanged.
 */
type Quote = NonNullable<EmailContent["quotes"]>[number];
const farmQuote = (farmName: string): Quote => ({
  label: "Farm (as its owner named it on Fieldfare):",
  text: farmName,
});
const buyerQuote = (fullName: string): Quote => ({
  label: "Buyer (the name a Fieldfare user gave):",
  text: fullName,
});

/** When and where the order is handed over: our words, and the place as a quotation. */
function handover(o: LoadedOrder, withCutoff = true): { paragraphs: string[]; quotes: Quote[] } {
  const f = o.fulfilment;
  if (!f) return { paragraphs: [], quotes: [] };
  const pickup = f.kind === "pickup";
  return {
    paragraphs: [
      `${pickup ? "Pickup" : "Delivery"} ${when(f.startsAt, f.timeZone)}.${withCutoff ? ` You can change the order until ${when(f.cutoffAt, f.timeZone)}.` : ""}`,
    ],
    quotes: [
      pickup
        ? {
            label: "Pickup place (as the farm wrote it):",
            text: [f.pickupName, f.pickupAddress].filter(Boolean).join(", "),
          }
        : {
            label: "Delivery address (from the buyer's address book):",
            text: [f.deliveryAddress, f.postalCode].filter(Boolean).join(" "),
          },
    ],
  };
}

/**
 * What a standing order's next occurrence costs (docs/restaurants.md, "Agreed prices"): each line
 * at its agreed price or the farm's lower price now, and the lines whose price rose above it.
 */
async function standingAmount(items: StandingItem[]) {
  const products = await db.product.findMany({
    where: { id: { in: items.map((i) => i.productId) } },
    select: pricedLineSelect,
  });
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines = items.flatMap((i) => {
    const p = byId.get(i.productId);
    if (!p) return [];
    const nowCents = unitPrice(p, "restaurant").cents;
    const cents = Math.min(i.priceCents, nowCents);
    return [{ ...i, name: p.name, unit: p.unit, caseSize: p.caseSize, nowCents, cents }];
  });
  const totalCents = lines.reduce((sum, l) => sum + l.cents * l.quantity, 0);
  return {
    totalCents,
    rows: [
      ...lines.map((l) => ({
        label: `${l.name} × ${formatQuantity(l.quantity, l.unit, l.caseSize)}`,
        value: formatCents(l.cents * l.quantity),
      })),
      { label: "Total before any fee", value: formatCents(totalCents), strong: true },
    ],
    rises: lines
      .filter((l) => l.nowCents > l.priceCents)
      .map((l) => ({ name: l.name, nowCents: l.nowCents, agreedCents: l.priceCents })),
  };
}

/** The buyer's email about a placed order: its lines, a link to their orders, and the PDF receipt attached. */
async function withReceipt(
  orderId: number,
  words: (o: LoadedOrder) => Pick<EmailContent, "subject" | "heading" | "paragraphs" | "quotes">,
): Promise<Composed | null> {
  const o = await loadOrder(orderId);
  if (!o) return null;
  const receipt = await receiptPdf(o);
  return {
    content: {
      ...words(o),
      preheader: `${formatCents(o.totalCents)} ${o.isPaid ? "paid" : "on account"} · receipt attached`,
      rows: orderRows(o),
      action: { label: "View your orders", path: "/orders" },
    },
    attachments: [
      { filename: receipt.filename, content: receipt.bytes, contentType: "application/pdf" },
    ],
  };
}

const composers: Record<
  NotificationKind,
  (n: Notification, p: Payload) => Promise<Composed | null>
> = {
  order_placed: (n, p) =>
    withReceipt(num(p, "orderId"), (o) => {
      const h = handover(o);
      return {
        subject: `Your Fieldfare order #${o.id}`,
        heading: "Thanks for your order",
        paragraphs: [
          `The farm has your order #${o.id}. Your receipt is attached as a PDF.`,
          ...h.paragraphs,
        ],
        quotes: [farmQuote(o.farm.farmName), ...h.quotes],
      };
    }),
  async order_received(n, p) {
    const o = await loadOrder(num(p, "orderId"));
    if (!o) return null;
    const h = handover(o, false);
    return {
      content: {
        subject: `New order #${o.id}`,
        preheader: `${o.itemCount} item(s), ${formatCents(o.totalCents)}`,
        heading: `New order #${o.id}`,
        paragraphs: [`A buyer placed order #${o.id} with your farm.`, ...h.paragraphs],
        quotes: [buyerQuote(o.user.fullName), ...h.quotes],
        rows: orderRows(o),
        action: { label: "Open My Farm", path: "/my-farm" },
      },
    };
  },
  async order_cancelled(n, p) {
    const o = await loadOrder(num(p, "orderId"));
    if (!o) return null;
    const toBuyer = n.userId === o.userId;
    return {
      content: {
        subject: `Order #${o.id} was cancelled`,
        preheader: toBuyer
          ? `${formatCents(o.totalCents)} back in your wallet`
          : "The buyer cancelled",
        heading: `Order #${o.id} was cancelled`,
        paragraphs: toBuyer
          ? [
              `Your order #${o.id} is cancelled.${o.isPaid ? ` ${formatCents(o.totalCents)} is back in your wallet.` : ""}`,
            ]
          : [
              `The buyer cancelled order #${o.id}. Its items are back in stock and it no longer needs packing.`,
            ],
        quotes: [toBuyer ? farmQuote(o.farm.farmName) : buyerQuote(o.user.fullName)],
        rows: orderRows(o),
        action: toBuyer
          ? { label: "View your orders", path: "/orders" }
          : { label: "Open My Farm", path: "/my-farm" },
      },
    };
  },
  async adjustment_proposed(n, p) {
    const a = await db.orderAdjustment.findUnique({
      where: { id: num(p, "adjustmentId") },
      include: { order: { select: { farm: { select: { farmName: true, userId: true } } } } },
    });
    if (!a) return null;
    const delta =
      a.deltaCents === 0
        ? "The total stays the same."
        : a.deltaCents > 0
          ? `The total goes up by ${formatCents(a.deltaCents)}.`
          : `The total goes down by ${formatCents(-a.deltaCents)}.`;
    return {
      content: {
        subject: `A change is proposed to order #${a.orderId}`,
        preheader: delta,
        heading: `A change to order #${a.orderId}`,
        paragraphs: [
          `The farm proposes a change to your order #${a.orderId}. ${delta}`,
          "Accept or decline it in your conversation with the farm.",
        ],
        quotes: [
          farmQuote(a.order.farm.farmName),
          {
            label: "The change (products as the farm named them):",
            text: describeLines(storedLines(a)),
          },
          ...(a.note ? [{ label: "Note from the farm (a Fieldfare user):", text: a.note }] : []),
        ],
        action: { label: "Review the change", path: `/messages/${a.order.farm.userId}` },
      },
    };
  },
  async adjustment_applied(n, p) {
    const a = await db.orderAdjustment.findUnique({
      where: { id: num(p, "adjustmentId") },
      include: {
        order: {
          select: {
            userId: true,
            user: { select: { fullName: true } },
            farm: { select: { farmName: true, userId: true } },
          },
        },
      },
    });
    if (!a) return null;
    const toBuyer = n.userId === a.buyerId;
    const money =
      a.deltaCents < 0
        ? ` ${formatCents(-a.deltaCents)} was refunded to the wallet.`
        : a.deltaCents > 0
          ? ` ${formatCents(a.deltaCents)} was paid from the wallet.`
          : "";
    return {
      content: {
        subject: `Order #${a.orderId} was changed`,
        preheader: money.trim() || `Order #${a.orderId} was changed`,
        heading: `Order #${a.orderId} was changed`,
        paragraphs: [
          toBuyer
            ? `The farm changed your order #${a.orderId}.${money}`
            : `The buyer accepted your change to order #${a.orderId}.${money}`,
        ],
        quotes: [
          toBuyer ? farmQuote(a.order.farm.farmName) : buyerQuote(a.order.user.fullName),
          {
            label: "The change (products as the farm named them):",
            text: describeLines(storedLines(a)),
          },
        ],
        action: toBuyer
          ? { label: "View your orders", path: "/orders" }
          : { label: "Open My Farm", path: "/my-farm" },
      },
    };
  },
  standing_placed: (n, p) =>
    withReceipt(num(p, "orderId"), (o) => {
      const h = handover(o);
      return {
        subject: `Your standing order was placed (#${o.id})`,
        heading: "Standing order placed",
        paragraphs: [
          `We placed your standing order as order #${o.id}. Your receipt is attached as a PDF.`,
          ...h.paragraphs,
        ],
        quotes: [farmQuote(o.farm.farmName), ...h.quotes],
      };
    }),
  async share_box(n, p) {
    const m = await db.shareMembership.findUnique({
      where: { id: num(p, "membershipId") },
      include: { plan: { include: { farm: { select: { farmName: true } } } } },
    });
    if (!m || m.status === "cancelled") return null;
    const box = await shareBoxForEmail(m.id, String(p.localDate));
    if (!box) return null;
    const day = formatSlotDay(`${box.date}T00:00`);
    // Signed for this membership and box, until its cutoff: they work signed out (docs/shares.md).
    const link = (action: "skip" | "swap", swapIn?: number) =>
      appUrl(
        shareLinkPath(
          signShareLink({ membershipId: m.id, date: box.date, action, expiresAt: box.cutoff }),
          swapIn,
        ),
      );
    return {
      content: {
        subject: `Your box this week: ${m.plan.name}, ${day}`,
        preheader: `Swap or skip before ${when(box.cutoff)}`,
        heading: "Your box this week",
        paragraphs: [
          `Here is what your ${day} box holds. Swap items or skip the week until ${when(box.cutoff)}: the links below work until then.`,
        ],
        quotes: [farmQuote(m.plan.farm.farmName)],
        rows: [
          ...box.items.map((i) => ({
            label: `${i.name} × ${formatQuantity(i.quantity, i.unit, 1)}`,
            value: formatCents(i.valueCents),
          })),
          ...box.swapOptions.map((o) => ({
            label: `Swap option: ${o.name} × ${formatQuantity(o.quantity, o.unit, 1)}`,
            value: formatCents(o.valueCents),
            // Our words only on a link: the product's name is the farm's text (defanged in the label).
            links: [{ label: "Swap this in", url: link("swap", o.productId) }],
          })),
          {
            label: "Your box",
            value: formatCents(box.priceCents),
            strong: true,
            links: [
              ...(box.swapOptions.length ? [{ label: "Choose swaps", url: link("swap") }] : []),
              { label: "Skip this box", url: link("skip") },
            ],
          },
        ],
        action: { label: "Swap or skip", path: `/shares#share-${m.id}` },
      },
    };
  },
  async standing_failed(n, p) {
    const s = await db.standingOrder.findUnique({
      where: { id: num(p, "standingOrderId") },
      include: { farm: { select: { farmName: true } } },
    });
    if (!s) return null;
    const day = formatSlotDay(`${String(p.localDate)}T00:00`);
    return {
      content: {
        subject: `Your standing order for ${day} was not placed`,
        preheader: "Nothing was charged",
        heading: "We could not place your standing order",
        paragraphs: [
          `Your standing order for ${day} was not placed.`,
          "Nothing was charged. Fix the reason and the next one is placed as usual.",
        ],
        quotes: [
          farmQuote(s.farm.farmName),
          // The reason is our refusal, but it may name products and farms as their owners wrote them.
          { label: "Why it was not placed:", text: String(p.reason) },
        ],
        action: { label: "Open standing orders", path: "/standing-orders" },
      },
    };
  },
  async share_payment_failed(n, p) {
    const i = await db.shareInstalment.findUnique({
      where: { id: num(p, "instalmentId") },
      include: {
        membership: {
          include: {
            plan: { include: { farm: { select: { farmName: true } } } },
            user: { select: { wallet: { select: { balanceCents: true } } } },
          },
        },
      },
    });
    // Paid meanwhile (a top-up and the next round) or cancelled: nothing to say.
    if (!i || i.paidAt || i.membership.status === "cancelled") return null;
    const plan = i.membership.plan;
    const balance = i.membership.user.wallet?.balanceCents ?? 0;
    return {
      content: {
        subject: `We could not take your ${plan.name} payment`,
        preheader: `${formatCents(i.amountCents)} due ${formatSlotDay(`${i.dueDate}T00:00`)}`,
        heading: "Your farm share payment was not taken",
        paragraphs: [
          `The ${formatCents(i.amountCents)} part of your ${plan.name} season, due ${formatSlotDay(`${i.dueDate}T00:00`)}, could not be taken: your wallet holds ${formatCents(balance)}.`,
          "Top up your wallet and we take it within minutes. Meanwhile your boxes keep coming while what you have paid covers them.",
        ],
        quotes: [farmQuote(plan.farm.farmName)],
        action: { label: "Top up your wallet", path: "/wallet" },
      },
    };
  },
  async cutoff_reminder(n, p) {
    const s = await db.standingOrder.findUnique({
      where: { id: num(p, "standingOrderId") },
      include: { farm: { select: { farmName: true, timeZone: true } } },
    });
    // Only while it still stands for that date: paused, cancelled or skipped meanwhile → nothing to remind.
    if (!s || s.status !== "active" || s.nextDate !== p.localDate || s.skipNextDate === s.nextDate)
      return null;
    const day = formatSlotDay(`${s.nextDate}T00:00`);
    const { rows, totalCents, rises } = await standingAmount(itemsOf(s));
    return {
      content: {
        subject: `Your standing order is placed ${when(s.nextDueAt, s.farm.timeZone)}`,
        preheader: `${formatCents(totalCents)} before any delivery fee. Change, skip or pause it before then`,
        heading: "Your standing order is placed soon",
        paragraphs: [
          `Your standing order for ${day} will be placed ${when(s.nextDueAt, s.farm.timeZone)}, for ${formatCents(totalCents)} before any delivery fee.`,
          ...rises.map(
            (r) =>
              `${r.name} costs ${formatCents(r.nowCents)} at the farm now, above the ${formatCents(r.agreedCents)} you agreed: you pay ${formatCents(r.agreedCents)} unless you accept the rise in your conversation with the farm.`,
          ),
          "Until then you can change its items, skip this one or pause it.",
        ],
        rows,
        quotes: [farmQuote(s.farm.farmName)],
        action: { label: "Open standing orders", path: "/standing-orders" },
      },
    };
  },
  async unread_messages(n, p) {
    const senderId = num(p, "senderId");
    const [sender, unread] = await Promise.all([
      db.user.findUnique({
        where: { id: senderId },
        select: { fullName: true, farm: { select: { farmName: true } } },
      }),
      db.message.findMany({
        where: { senderId, receiverId: n.userId, isRead: false },
        orderBy: { id: "asc" },
        take: 5,
        select: { content: true },
      }),
    ]);
    if (!sender || unread.length === 0) return null;
    const name = sender.farm?.farmName ?? sender.fullName;
    const count = await db.message.count({
      where: { senderId, receiverId: n.userId, isRead: false },
    });
    // The sender's name and words are theirs: only in labelled quotations, never in the subject.
    const label = `Message from ${defang(name)} (a Fieldfare user):`;
    return {
      content: {
        subject:
          count === 1
            ? "You have an unread message on Fieldfare"
            : `You have ${count} unread messages on Fieldfare`,
        preheader: "Open Fieldfare to read and reply",
        heading: count === 1 ? "An unread message" : `${count} unread messages`,
        paragraphs: ["Someone you trade with on Fieldfare wrote to you:"],
        quotes: unread.map((m) => ({
          label,
          text: m.content.length > 280 ? `${m.content.slice(0, 279)}…` : m.content,
        })),
        action: { label: "Reply", path: `/messages/${senderId}` },
      },
    };
  },
  async fresh_sheet(n, p) {
    const farmId = num(p, "farmId");
    const [farm, reader, off] = await Promise.all([
      db.farm.findUnique({
        where: { id: farmId },
        select: { id: true, farmName: true, freshSheetWeekday: true },
      }),
      db.user.findUnique({ where: { id: n.userId }, select: { userType: true } }),
      db.freshSheetPreference.findFirst({ where: { userId: n.userId, farmId, email: false } }),
    ]);
    const test = p.test === true;
    // The farm stopped its sheet, or the reader this farm's, since it was queued: nothing to send.
    // A test goes to the farm's owner whatever the schedule.
    if (!farm || !reader || (!test && (farm.freshSheetWeekday === null || off))) return null;
    const level = levelOf(reader);
    const products = await freshSheet(farm.id, level);
    if (!products.length) return null;
    const link = (productId: number, quantity: number, action: "cart" | "standing") =>
      appUrl(sheetLinkPath(signSheetLink({ userId: n.userId, productId, quantity, action }).token));
    return {
      content: {
        subject: `${test ? "Test: " : ""}This week's fresh sheet: ${products.length} product${products.length === 1 ? "" : "s"} available`,
        preheader:
          level === "restaurant"
            ? "At your restaurant prices, by the case"
            : "What the farm has available this week",
        heading: "This week's fresh sheet",
        paragraphs: [
          `A farm you ${level === "restaurant" ? "buy from or " : ""}follow on Fieldfare has these available this week${level === "restaurant" ? ", at your restaurant prices" : ""}. The links work for 7 days.`,
          "To stop this farm's sheet only, switch it off in Profile → Notification.",
        ],
        quotes: [farmQuote(farm.farmName)],
        rows: products.map(({ product: pr, priceCents }) => ({
          label: pr.caseSize > 1 ? `${pr.name} (case of ${pr.caseSize} ${pr.unit})` : pr.name,
          value: `${formatCents(priceCents)} / ${pr.unit}`,
          links: [
            { label: "Add to cart", url: link(pr.id, pr.caseSize, "cart") },
            ...(level === "restaurant"
              ? [
                  {
                    label: "Add to my standing order",
                    url: link(pr.id, pr.caseSize, "standing"),
                  },
                ]
              : []),
          ],
        })),
        action: { label: "Open the fresh sheet", path: `/farms/${farm.id}/fresh-sheet` },
      },
    };
  },
  async payout_sent(n, p) {
    const found = await payoutForEmail(num(p, "payoutId"));
    if (!found) return null;
    const { payout: d, lines, pdf } = found;
    const how =
      d.status === "pending_manual"
        ? "Fieldfare sends it to you by e-transfer."
        : d.status === "failed"
          ? `The transfer failed (${d.failureReason ?? "no reason given"}); the amount is back on your balance.`
          : "It is on its way to your bank account through Stripe.";
    return {
      content: {
        subject: `Your payout of ${formatCents(d.amountCents)} for the week to ${d.periodEnd}`,
        preheader: `${lines.length} line(s) · statement attached`,
        heading: `Payout #${d.id}`,
        paragraphs: [
          `Your farm's payout for the week to ${d.periodEnd} is ${formatCents(d.amountCents)}. ${how} The statement is attached as a PDF.`,
        ],
        rows: [
          ...lines.map((l) => ({
            label: l.orderId ? `Order #${l.orderId}` : (l.buyer ?? "Other"),
            value: formatCents(l.netCents),
          })),
          { label: "Total", value: formatCents(d.amountCents), strong: true },
        ],
        action: { label: "Open Payouts", path: "/my-farm/payouts" },
      },
      attachments: [{ filename: pdf.filename, content: pdf.bytes, contentType: "application/pdf" }],
    };
  },
};

export function compose(n: Notification): Promise<Composed | null> {
  return (
    composers[n.kind as NotificationKind]?.(n, (n.payload ?? {}) as Payload) ??
    Promise.resolve(null)
  );
}
