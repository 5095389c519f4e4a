/**
 * The demo shopper's history. Times are offsets from the moment of seeding so the account always
 * looks recently used. Prices are never written here: orders take the catalog's real prices.
 */
import type { OrderStatus } from "@/lib/generated/prisma/enums";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export type DemoOrder = {
  farm: string;
  status: OrderStatus;
  /** [product name, quantity] */
  items: [string, number][];
  /** Offset after the checkout when the order was completed or cancelled. */
  closedAfterMs?: number;
};

export type DemoLedgerEvent =
  | { kind: "top-up"; agoMs: number; amountCents: number }
  | { kind: "checkout"; agoMs: number; orders: DemoOrder[] };

const topUp = (agoMs: number, amountCents: number): DemoLedgerEvent => ({
  kind: "top-up",
  agoMs,
  amountCents,
});
/** A checkout `agoMs` ago: one order per farm. */
const checkout = (agoMs: number, ...orders: DemoOrder[]): DemoLedgerEvent => ({
  kind: "checkout",
  agoMs,
  orders,
});
type Items = DemoOrder["items"];
/** An order completed or cancelled `closedAfterMs` after its checkout. */
const closed = (
  farm: string,
  status: "completed" | "cancelled",
  closedAfterMs: number,
  items: Items,
): DemoOrder => ({ farm, status, closedAfterMs, items });
const active = (farm: string, items: Items): DemoOrder => ({ farm, status: "active", items });

export const DEMO_LEDGER: DemoLedgerEvent[] = [
  topUp(21 * DAY, 15000),
  checkout(
    14 * DAY + 3 * HOUR,
    closed("sunny-slope-orchards", "completed", DAY + 2 * HOUR, [
      ["Honeycrisp Apples", 3],
      ["Fresh-Pressed Apple Cider", 1],
    ]),
    closed("lake-country-heritage-farm", "completed", DAY + 5 * HOUR, [
      ["Pasture-Raised Eggs", 2],
      ["Whole Roasting Chicken", 1],
    ]),
  ),
  topUp(13 * DAY, 6000),
  // A past order with GST and PST (Naramata Bench is registered): its receipt shows tax lines.
  // Completed after Sunny Slope's first order, whose week the seed pays out (payouts.ts).
  checkout(
    12 * DAY,
    closed("naramata-bench-vineyards", "completed", DAY, [
      ["Rosé", 1],
      ["Bench Dry Cider", 2],
    ]),
  ),
  topUp(9 * DAY, 10000),
  checkout(
    7 * DAY + 6 * HOUR,
    closed("mission-creek-ranch", "completed", 2 * DAY, [
      ["Grass-Fed Ribeye Steak", 2],
      ["Smoked Bacon", 1],
    ]),
  ),
  checkout(
    3 * DAY + 4 * HOUR,
    closed("glenmore-valley-greens", "cancelled", 5 * HOUR, [
      ["Organic Salad Mix", 2],
      ["Heirloom Tomatoes", 2],
      ["Fresh Basil", 1],
    ]),
  ),
  topUp(2 * DAY, 5000),
  checkout(
    DAY + 2 * HOUR,
    active("summerland-sunrise-berries", [
      ["Strawberries", 2],
      ["Strawberry Rhubarb Jam", 1],
    ]),
    active("naramata-bench-vineyards", [["Bench Red Blend", 2]]),
  ),
  checkout(
    5 * HOUR,
    active("winfield-creamery", [
      ["Whole Jersey Milk", 2],
      ["Cultured Butter", 1],
    ]),
  ),
];

export type SeedMessage = { from: "a" | "b"; text: string; agoMs: number; read: boolean };

/** Conversations: `a` is the shopper or restaurant (by email), `b` the farm (by slug). */
export const CONVERSATIONS: { a: string; farm: string; messages: SeedMessage[] }[] = [
  {
    a: "demo@fieldfare.app",
    farm: "sunny-slope-orchards",
    messages: [
      {
        from: "a",
        text: "Hi Margaret! Are the Honeycrisps good for pies, or should I get Granny Smiths?",
        agoMs: 16 * DAY,
        read: true,
      },
      {
        from: "b",
        text: "Honeycrisp holds up nicely, but a mix of both is my favourite: sweet and tart.",
        agoMs: 16 * DAY - 40 * 60 * 1000,
        read: true,
      },
      {
        from: "a",
        text: "Perfect, I'll grab both next time. The cider was a hit too!",
        agoMs: 12 * DAY,
        read: true,
      },
      {
        from: "b",
        text: "So glad! We're pressing a fresh batch Thursday if you want one set aside.",
        agoMs: 2 * HOUR,
        read: false,
      },
    ],
  },
  {
    a: "demo@fieldfare.app",
    farm: "summerland-sunrise-berries",
    messages: [
      {
        from: "a",
        text: "Hello! Will the raspberries be back soon?",
        agoMs: DAY + 5 * HOUR,
        read: true,
      },
      {
        from: "b",
        text: "The next flush should be ready in early August. I can message you when they're in.",
        agoMs: DAY + 3 * HOUR,
        read: true,
      },
      {
        from: "a",
        text: "Yes please. And thanks, the strawberries last week were amazing.",
        agoMs: DAY + 2 * HOUR,
        read: true,
      },
      {
        from: "b",
        text: "Your order is packed: 2 pints of strawberries and a jar of strawberry rhubarb jam.",
        agoMs: 3 * HOUR,
        read: false,
      },
      {
        from: "b",
        text: "Delivery is on the way this afternoon!",
        agoMs: 50 * 60 * 1000,
        read: false,
      },
    ],
  },
  {
    a: "demo@fieldfare.app",
    farm: "lake-country-heritage-farm",
    messages: [
      {
        from: "a",
        text: "Do you deliver duck eggs to the UBC Okanagan area?",
        agoMs: 10 * DAY,
        read: true,
      },
      {
        from: "b",
        text: "We do! Tuesdays and Fridays. They go fast, so order early in the week.",
        agoMs: 10 * DAY - 2 * HOUR,
        read: true,
      },
      { from: "a", text: "Great, thank you Evelyn.", agoMs: 9 * DAY, read: true },
    ],
  },
  {
    a: "demo@fieldfare.app",
    farm: "naramata-bench-vineyards",
    messages: [
      {
        from: "a",
        text: "Which of your wines would you pair with a grilled lamb dinner?",
        agoMs: 2 * DAY,
        read: true,
      },
      {
        from: "b",
        text: "The Syrah, without a doubt. The Bench Red Blend is a close second if you want something softer.",
        agoMs: 2 * DAY - 3 * HOUR,
        read: true,
      },
      { from: "a", text: "Ordered two bottles of the blend. Can't wait!", agoMs: DAY, read: false },
    ],
  },
  {
    a: "olivia.martin@restaurants.fieldfare.app",
    farm: "glenmore-valley-greens",
    messages: [
      {
        from: "a",
        text: "Could you do 6 kg of salad mix every Tuesday through September?",
        agoMs: 4 * DAY,
        read: true,
      },
      {
        from: "b",
        text: "Absolutely. I'll reserve it from the Monday harvest.",
        agoMs: 4 * DAY - 3 * HOUR,
        read: true,
      },
    ],
  },
  {
    a: "rafael.santos@restaurants.fieldfare.app",
    farm: "mission-creek-ranch",
    messages: [
      {
        from: "a",
        text: "We'd like to feature your ribeye on our summer menu. Can you supply 20 lb a week?",
        agoMs: 6 * DAY,
        read: true,
      },
      {
        from: "b",
        text: "We can do 15 lb a week from July and 20 from August. Does that work?",
        agoMs: 5 * DAY,
        read: true,
      },
      {
        from: "a",
        text: "That works. Let's start with 15.",
        agoMs: 5 * DAY - 2 * HOUR,
        read: false,
      },
    ],
  },
];
