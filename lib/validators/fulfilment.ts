import { z } from "zod";
import { wholeNumber } from "./number";
import { hasAtMostTwoDecimals } from "@/lib/money";
import { isDbId } from "./id";
import { visibleText } from "./text";
import { FARM_TIME_ZONES } from "@/lib/tz";
import { isLocalDate } from "@/lib/local-date";

/**
 * Fulfilment payloads (docs/fulfilment.md): a farm's time zone, minimum order, pickup points,
 * delivery zones and weekly windows; the buyer's address book; the slot chosen at checkout.
 * Shared by the forms and the handlers.
 */
export const MAX_PICKUP_POINTS = 20;
export const MAX_DELIVERY_ZONES = 20;
export const MAX_WINDOWS = 50;
export const MAX_PREFIXES = 30;
export const MAX_CUTOFF_HOURS = 336;
export const MAX_CAPACITY = 10_000;
export const MAX_FEE = 1_000;
export const MAX_MINIMUM_ORDER = 10_000;
export const MAX_ADDRESSES = 20;
export const SLOT_DAYS_DEFAULT = 14;
export const SLOT_DAYS_MAX = 60;

const text = (label: string, max: number) =>
  visibleText(label, `${label} is required`)
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  visibleText(label, `${label} must be text (send "" for none)`, { multiline: true }).max(
    max,
    `${label} must be at most ${max} characters`,
  );

/** Dollars ≥ 0 with at most 2 decimals, up to `max`. */
const dollars = (message: string, max: number) =>
  z
    .number({ error: message })
    .refine((n) => Number.isFinite(n) && n >= 0 && n <= max && hasAtMostTwoDecimals(n), message);

const optionalId = (what: string) =>
  z
    .number({ error: `Unknown ${what}` })
    .refine(isDbId, `Unknown ${what}`)
    .optional();

/** "HH:MM", 00:00–24:00 (24:00 only as an end: a window may run until midnight). */
export const clockTime = (label: string) =>
  z
    .string({ error: `${label} must be a time like 09:00` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, `${label} must be a time like 09:00`);

export const minutesOfClock = (hhmm: string) =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const clockOfMinutes = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * True for a zone a farm can pick (FARM_TIME_ZONES): the ones our tz data carries, so every time in
 * the farm's zone is computed and shown with the same rules on the server and in the browser.
 */
export function isTimeZone(zone: string): boolean {
  return FARM_TIME_ZONES.some((z) => z.value === zone);
}

/** Postal-code text as the farm and the buyer type it: upper case, no spaces ("v1y 2k3" → "V1Y2K3"). */
export const compactPostal = (s: string) => s.replace(/\s+/g, "").toUpperCase();

const POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/;
export const POSTAL_CODE_MESSAGE = "Enter a Canadian postal code like V1Y 2K3";

/** A Canadian postal code, written "V1Y 2K3". */
export const postalCode = z
  .string({ error: POSTAL_CODE_MESSAGE })
  .transform(compactPostal)
  .refine((s) => POSTAL_CODE.test(s), POSTAL_CODE_MESSAGE)
  .transform((s) => `${s.slice(0, 3)} ${s.slice(3)}`);

const prefixMessage = "Postal prefixes are 1 to 6 letters and digits, like V1V";
const postalPrefix = z
  .string({ error: prefixMessage })
  .transform(compactPostal)
  .refine((s) => /^[A-Z0-9]{1,6}$/.test(s), prefixMessage);

export const pickupPointSchema = z.object({
  id: optionalId("pickup point"),
  name: text("Name", 120),
  address: text("Address", 300),
  notes: optionalText("Notes", 500).optional().default(""),
});

export const deliveryZoneSchema = z.object({
  id: optionalId("delivery zone"),
  name: text("Name", 120),
  postalPrefixes: z
    .array(postalPrefix, { error: "List the postal prefixes this zone covers" })
    .min(1, "List at least one postal prefix, like V1V")
    .max(MAX_PREFIXES, `A zone covers at most ${MAX_PREFIXES} prefixes`),
  fee: dollars(`The fee must be an amount from 0 to ${MAX_FEE} with at most 2 decimals`, MAX_FEE),
  freeOver: dollars(
    `Free over must be an amount from 0 to ${MAX_MINIMUM_ORDER} with at most 2 decimals`,
    MAX_MINIMUM_ORDER,
  )
    .nullable()
    .optional(),
});

const weekdayMessage = "Choose a day of the week";
const cutoffMessage = `Cutoff must be a whole number of hours from 0 to ${MAX_CUTOFF_HOURS}`;
const capacityMessage = `Capacity must be a whole number from 1 to ${MAX_CAPACITY.toLocaleString("en-US")}, or empty for no limit`;

export const windowSchema = z
  .object({
    id: optionalId("window"),
    kind: z.enum(["pickup", "delivery"], { error: "Choose pickup or delivery" }),
    weekday: wholeNumber(0, 6, weekdayMessage),
    start: clockTime("Start"),
    end: clockTime("End"),
    cutoffHours: wholeNumber(0, MAX_CUTOFF_HOURS, cutoffMessage),
    capacity: wholeNumber(1, MAX_CAPACITY, capacityMessage).nullable().optional(),
    /** An existing point of the farm… */
    pickupPointId: optionalId("pickup point").nullable(),
    /** …or one of the points in the same request, by position (a point saved together with its window). */
    pickupPointIndex: wholeNumber(0, MAX_PICKUP_POINTS - 1, "Unknown pickup point")
      .nullable()
      .optional(),
  })
  .superRefine((w, ctx) => {
    if (
      w.start !== "24:00" &&
      w.end !== undefined &&
      minutesOfClock(w.end) <= minutesOfClock(w.start)
    ) {
      ctx.addIssue({ code: "custom", path: ["end"], message: "End must be after start" });
    }
    if (w.start === "24:00")
      ctx.addIssue({ code: "custom", path: ["start"], message: "Start must be a time like 09:00" });
  });

export const fulfilmentSettingsSchema = z
  .object({
    timeZone: z
      .string({ error: "Choose a time zone" })
      .refine(isTimeZone, "Choose a time zone such as America/Vancouver"),
    minimumOrder: dollars(
      `The minimum order must be an amount from 0 to ${MAX_MINIMUM_ORDER} with at most 2 decimals`,
      MAX_MINIMUM_ORDER,
    ),
    pickupPoints: z
      .array(pickupPointSchema, { error: "pickupPoints must be a list" })
      .max(MAX_PICKUP_POINTS, `At most ${MAX_PICKUP_POINTS} pickup points`),
    deliveryZones: z
      .array(deliveryZoneSchema, { error: "deliveryZones must be a list" })
      .max(MAX_DELIVERY_ZONES, `At most ${MAX_DELIVERY_ZONES} delivery zones`),
    windows: z
      .array(windowSchema, { error: "windows must be a list" })
      .max(MAX_WINDOWS, `At most ${MAX_WINDOWS} windows`),
  })
  .superRefine((s, ctx) => {
    s.windows.forEach((w, i) => {
      if (w.kind === "pickup") {
        const hasId = w.pickupPointId != null;
        const hasIndex = w.pickupPointIndex != null;
        if (!hasId && !hasIndex)
          ctx.addIssue({
            code: "custom",
            path: ["windows", i, "pickupPointId"],
            message: "Choose where buyers pick up",
          });
        else if (hasIndex && w.pickupPointIndex! >= s.pickupPoints.length)
          ctx.addIssue({
            code: "custom",
            path: ["windows", i, "pickupPointId"],
            message: "Unknown pickup point",
          });
      } else if (s.deliveryZones.length === 0) {
        ctx.addIssue({
          code: "custom",
          path: ["windows", i, "kind"],
          message: "Add a delivery zone before a delivery window",
        });
      }
    });
  });
export type FulfilmentSettingsInput = z.infer<typeof fulfilmentSettingsSchema>;

/** GET /api/farms/{id}/slots?days= */
const daysMessage = `days must be a whole number from 1 to ${SLOT_DAYS_MAX}`;
export const slotsQuerySchema = z.object({
  days: z
    .string({ error: daysMessage })
    .regex(/^\d{1,3}$/, daysMessage)
    .transform(Number)
    .refine((n) => n >= 1 && n <= SLOT_DAYS_MAX, daysMessage)
    .optional()
    .transform((n) => n ?? SLOT_DAYS_DEFAULT),
});

/** A slot id as the API writes it: `w<windowId>-<YYYY-MM-DD>`. */
export const SLOT_ID = /^w([1-9]\d{0,9})-(\d{4}-\d{2}-\d{2})$/;
export const slotIdOf = (windowId: number, localDate: string) => `w${windowId}-${localDate}`;
export function parseSlotId(slotId: string): { windowId: number; localDate: string } | null {
  const m = SLOT_ID.exec(slotId);
  if (!m || !isDbId(Number(m[1]))) return null;
  return { windowId: Number(m[1]), localDate: m[2] };
}

/** One farm's choice at checkout: the slot, and for delivery where to. */
export const fulfilmentChoiceSchema = z.object({
  slotId: z
    .string({ error: "Choose a pickup or delivery time" })
    .refine((s) => parseSlotId(s) !== null, "Choose a pickup or delivery time"),
  /** For delivery: one of the buyer's own addresses (Profile → Address), never free text. */
  addressId: z
    .number({ error: "Choose one of your addresses" })
    .int("Choose one of your addresses")
    .refine(isDbId, "Choose one of your addresses")
    .optional(),
});
export type FulfilmentChoice = z.infer<typeof fulfilmentChoiceSchema>;

/** `fulfilment` of POST /api/orders: farm id (as a JSON key) → choice. */
export const checkoutFulfilmentSchema = z
  .record(z.string().regex(/^[1-9]\d{0,9}$/, "Unknown farm"), fulfilmentChoiceSchema, {
    error: "fulfilment must map farm ids to a slot",
  })
  .refine((r) => Object.keys(r).length <= 50, "Too many farms")
  .optional();

/** GET /api/my-farm/pack-list?date=YYYY-MM-DD&format=json|csv */
const dateMessage = "date must be a day like 2026-11-28";
export const localDate = z
  .string({ error: dateMessage })
  .regex(/^\d{4}-\d{2}-\d{2}$/, dateMessage)
  .refine(isLocalDate, dateMessage);
/** How long after "Handed over" the farm can undo it (docs/fulfilment.md). */
export const HANDOVER_UNDO_MINUTES = 5;

/** Pack list: tick a line (productId) or a whole order (productId null) packed, or untick it. */
export const packTickSchema = z.object({
  orderId: z.number({ error: "orderId must be an order id" }).int().positive().max(2_147_483_647),
  productId: z
    .number({ error: "productId must be a product id or null" })
    .int()
    .positive()
    .max(2_147_483_647)
    .nullable(),
  packed: z.boolean({ error: "packed must be true or false" }),
});
export type PackTickInput = z.infer<typeof packTickSchema>;

export const packListQuerySchema = z.object({
  // Without a date: the next day with orders to hand over, else today (docs/fulfilment.md).
  date: localDate.optional(),
  format: z
    .enum(["json", "csv"], { error: "format must be json or csv" })
    .optional()
    .default("json"),
});

/** Profile → Address: one entry of the buyer's address book. */
const addressFields = {
  label: text("Label", 60),
  line1: text("Street address", 200),
  city: text("City", 100),
  postalCode,
  notes: optionalText("Delivery notes", 300),
  isDefault: z.boolean({ error: "Default must be true or false" }),
};
export const addressSchema = z.object({
  ...addressFields,
  notes: addressFields.notes.optional().default(""),
  isDefault: addressFields.isDefault.optional().default(false),
});
export type AddressInput = z.infer<typeof addressSchema>;
/** PATCH: any subset. */
export const addressUpdateSchema = z
  .object(addressFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type AddressUpdateInput = z.infer<typeof addressUpdateSchema>;
