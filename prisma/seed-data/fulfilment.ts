/**
 * How the demo farms hand orders over (docs/fulfilment.md): most sell at the Saturday market in
 * Kelowna and at their own gate, many run a mid-week delivery around Kelowna, West Kelowna and
 * Lake Country, and one (Westbank Cellars) keeps no windows, so the old flow without a slot stays
 * covered. Times are local to America/Vancouver. Two farms ask for a minimum order (Mission Creek
 * Ranch, Summerland Sunrise Berries); the farms whose products the one-item e2e journeys buy
 * (the popular list, the seeded farmers' dashboards) ask for none.
 */
export type SeedWindow = {
  kind: "pickup" | "delivery";
  weekday: number;
  start: string;
  end: string;
  cutoffHours: number;
  capacity?: number;
  point?: "market" | "gate";
};
export type SeedFulfilment = {
  minimumOrderCents: number;
  gate?: { name: string; notes: string };
  delivery: boolean;
  windows: SeedWindow[];
};

export const MARKET = {
  name: "Kelowna Farmers' & Crafters' Market",
  address: "1876 Cooper Rd, Kelowna, BC V1Y 9N6",
  notes: "Saturday market, look for our stall by the main entrance",
};

export const ZONES = [
  {
    name: "Kelowna",
    postalPrefixes: ["V1V", "V1W", "V1X", "V1Y", "V1P"],
    feeCents: 600,
    freeOverCents: 6000,
  },
  { name: "West Kelowna", postalPrefixes: ["V4T", "V1Z"], feeCents: 800, freeOverCents: 8000 },
  { name: "Lake Country", postalPrefixes: ["V4V"], feeCents: 800, freeOverCents: 8000 },
];

const market: SeedWindow = {
  kind: "pickup",
  weekday: 6,
  start: "08:00",
  end: "13:00",
  cutoffHours: 40,
  point: "market",
};
const gate = (weekday: number, start = "15:00", end = "18:30"): SeedWindow => ({
  kind: "pickup",
  weekday,
  start,
  end,
  cutoffHours: 18,
  point: "gate",
});
const delivery = (weekday: number, capacity = 20): SeedWindow => ({
  kind: "delivery",
  weekday,
  start: "14:00",
  end: "18:00",
  cutoffHours: 24,
  capacity,
});

/**
 * Sunny Slope's honesty-box stand is open every day around the clock: the README's farmer has a
 * handover due today whatever day and hour `npm start` seeds (prisma/seed/pack-days.ts).
 */
const everyDayStand = [0, 1, 2, 3, 4, 5, 6].map((weekday) => gate(weekday, "00:00", "24:00"));

/** By farm slug; a farm not listed keeps no windows. */
export const FULFILMENT: Record<string, SeedFulfilment> = {
  "sunny-slope-orchards": {
    minimumOrderCents: 0,
    gate: {
      name: "Sunny Slope farm stand",
      notes: "Honesty box by the packing shed, open all day",
    },
    delivery: true,
    windows: [market, ...everyDayStand, delivery(3)],
  },
  "glenmore-valley-greens": {
    minimumOrderCents: 0,
    delivery: true,
    windows: [market, delivery(3, 25), delivery(0, 15)],
  },
  "lake-country-heritage-farm": {
    minimumOrderCents: 0,
    gate: { name: "Heritage Farm gate", notes: "Ring the bell at the barn" },
    delivery: true,
    windows: [market, gate(4, "16:00", "19:00"), delivery(2)],
  },
  "mission-creek-ranch": {
    minimumOrderCents: 4000,
    gate: { name: "Ranch store", notes: "Freezer orders packed on ice" },
    delivery: true,
    windows: [gate(5, "12:00", "17:00"), delivery(4, 12)],
  },
  "rutland-roots-market-garden": { minimumOrderCents: 0, delivery: false, windows: [market] },
  "summerland-sunrise-berries": {
    minimumOrderCents: 1000,
    delivery: true,
    windows: [market, delivery(3)],
  },
  "peachland-hillside-orchard": {
    minimumOrderCents: 0,
    gate: { name: "Hillside fruit stand", notes: "Open on the bench road" },
    delivery: false,
    windows: [market, gate(0, "10:00", "15:00")],
  },
  "oyama-isthmus-farm": {
    minimumOrderCents: 0,
    delivery: true,
    windows: [market, delivery(2, 10)],
  },
  "winfield-creamery": {
    minimumOrderCents: 0,
    gate: { name: "Creamery shop", notes: "Bring back glass bottles for the deposit" },
    delivery: true,
    windows: [market, gate(5), delivery(3, 30)],
  },
  "naramata-bench-vineyards": {
    minimumOrderCents: 0,
    gate: { name: "Tasting room", notes: "Photo ID for wine pickups" },
    delivery: false,
    windows: [gate(6, "11:00", "17:00")],
  },
  "benvoulin-hop-yard": { minimumOrderCents: 0, delivery: false, windows: [market] },
  "black-mountain-pastures": {
    minimumOrderCents: 0,
    delivery: true,
    windows: [market, delivery(4, 15)],
  },
  "kelowna-mushroom-co": { minimumOrderCents: 0, delivery: true, windows: [market, delivery(3)] },
  "okanagan-lakeview-gardens": {
    minimumOrderCents: 0,
    gate: { name: "Lakeview garden gate", notes: "" },
    delivery: true,
    windows: [market, gate(5), delivery(3)],
  },
};

/** The demo shopper's address book. */
export const DEMO_ADDRESSES = [
  {
    label: "Home",
    line1: "3333 University Way",
    city: "Kelowna",
    postalCode: "V1V 1V7",
    notes: "Residence lobby, call on arrival",
    isDefault: true,
  },
  {
    label: "Work",
    line1: "1450 Bernard Ave",
    city: "Kelowna",
    postalCode: "V1Y 6N2",
    notes: "",
    isDefault: false,
  },
];

/** Which of the demo shopper's active orders get which handover (the soonest open slot of that kind). */
export const DEMO_ORDER_HANDOVER: Record<string, "pickup" | "delivery"> = {
  "summerland-sunrise-berries": "delivery",
  "naramata-bench-vineyards": "pickup",
  "winfield-creamery": "pickup",
};

/**
 * Restaurant prices and case sizes (docs/restaurants.md): most farms sell most products to
 * restaurants about 15% under retail, in cases that fit the unit. Farms listed here sell to
 * restaurants at retail and by the unit; every fifth product of the others too.
 */
export const RETAIL_ONLY_FARMS = new Set(["westbank-cellars", "peachland-hillside-orchard"]);
export const RESTAURANT_DISCOUNT = 0.85;

export function caseSizeForUnit(unit: string): number {
  if (unit === "lb") return 10;
  if (/bottle|jar|4-pack/.test(unit)) return 12;
  if (/dozen|bunch|pint|clamshell/.test(unit)) return 6;
  if (/^each|piece|bulb/.test(unit)) return 4;
  return 6;
}

/** The restaurant that orders from the README's farmers for their next two handover days (prisma/seed/pack-days.ts). */
export const PACK_DAY_BUYER = "james.porter@restaurants.fieldfare.app";
/** Per farm: the lines of the first day's order; the second day's order has the first line only. */
export const PACK_DAY_ORDERS: { farm: string; items: [string, number][] }[] = [
  {
    farm: "sunny-slope-orchards",
    items: [
      ["Honeycrisp Apples", 20],
      ["Bartlett Pears", 10],
    ],
  },
  {
    farm: "glenmore-valley-greens",
    items: [
      ["Lacinato Kale", 12],
      ["Rainbow Swiss Chard", 8],
    ],
  },
];
