import { z } from "zod";
import { isLocalDate } from "@/lib/local-date";
import { isDbId } from "./id";
import { dollars, wholeNumber } from "./number";
import { plainText } from "./text";

/**
 * Farm shares (docs/shares.md): a farm's plans, a member's choices. Shared by the forms and the
 * handlers.
 */
export const MAX_SHARE_PLANS = 20;
export const MAX_SHARE_CAPACITY = 5_000;
export const MAX_BOX_PRICE = 1_000;
export const MAX_BOX_LINES = 30;
export const MAX_SEASON_DAYS = 366;
export const MAX_SKIPS = 52;
export const INSTALMENTS = [1, 2, 4] as const;

const dbId = (message: string) => z.number({ error: message }).int(message).refine(isDbId, message);

const localDate = (message: string) => z.string({ error: message }).refine(isLocalDate, message);

const fulfilment = z
  .object({
    kind: z.enum(["pickup", "delivery"], { error: "Choose pickup or delivery" }),
    pickupPointId: dbId("Unknown pickup point").optional(),
    zoneIds: z.array(dbId("Unknown delivery zone")).max(20).optional(),
  })
  .refine((f) => f.kind !== "pickup" || f.pickupPointId !== undefined, {
    message: "Choose the pickup point",
    path: ["pickupPointId"],
  });

const planFields = {
  name: plainText({ label: "Name", error: "Enter the plan's name" })
    .min(1, "Enter the plan's name")
    .max(80, "A name is at most 80 characters"),
  description: plainText({ label: "Description", multiline: true }).max(
    1_000,
    "A description is at most 1,000 characters",
  ),
  boxPrice: dollars(
    0.01,
    MAX_BOX_PRICE,
    `Enter a box price from $0.01 to $${MAX_BOX_PRICE.toLocaleString("en-US")} with at most 2 decimals`,
  ),
  everyWeeks: z.union([z.literal(1), z.literal(2)], {
    error: "A box comes every week or every second week",
  }),
  seasonStart: localDate("Enter the season's first box date as YYYY-MM-DD"),
  seasonEnd: localDate("Enter the season's last date as YYYY-MM-DD"),
  capacity: wholeNumber(
    1,
    MAX_SHARE_CAPACITY,
    `Capacity is a whole number from 1 to ${MAX_SHARE_CAPACITY.toLocaleString("en-US")}`,
  ),
  skipsPerSeason: wholeNumber(
    0,
    MAX_SKIPS,
    `Skips per season: a whole number from 0 to ${MAX_SKIPS}`,
  ),
  fulfilment,
  payment: z
    .array(z.enum(["weekly", "season"], { error: "Payment is weekly or season" }))
    .min(1, "Offer weekly payment, season payment or both")
    .max(2),
};

const seasonDays = (start: string, end: string) =>
  (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;

export const sharePlanSchema = z
  .object({ ...planFields, description: planFields.description.default("") })
  .superRefine((p, ctx) => {
    const days = seasonDays(p.seasonStart, p.seasonEnd);
    if (days < 0)
      ctx.addIssue({
        code: "custom",
        message: "The season ends before it starts",
        path: ["seasonEnd"],
      });
    else if (days > MAX_SEASON_DAYS)
      ctx.addIssue({
        code: "custom",
        message: "A season lasts at most a year",
        path: ["seasonEnd"],
      });
  });
export type SharePlanInput = z.infer<typeof sharePlanSchema>;

/** PATCH: any of the fields; the season's dates are checked together with the stored ones. */
export const sharePlanUpdateSchema = z
  .object(planFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change");
export type SharePlanUpdateInput = z.infer<typeof sharePlanUpdateSchema>;

const boxLine = z.object({
  productId: dbId("Unknown product"),
  quantity: wholeNumber(1, 1_000, "A quantity is a whole number from 1 to 1,000"),
});

const boxLines = (what: string) =>
  z
    .array(boxLine, { error: `List the ${what}` })
    .max(MAX_BOX_LINES, `A box holds at most ${MAX_BOX_LINES} ${what}`)
    .refine(
      (lines) => new Set(lines.map((l) => l.productId)).size === lines.length,
      `Each product appears once among the ${what}`,
    );

export const shareBoxSchema = z
  .object({
    items: boxLines("items").refine((l) => l.length > 0, "Put at least one product in the box"),
    swapOptions: boxLines("swap options").default([]),
  })
  .refine((b) => !b.swapOptions.some((o) => b.items.some((i) => i.productId === o.productId)), {
    message: "A swap option is not also in the box",
    path: ["swapOptions"],
  });
export type ShareBoxInput = z.infer<typeof shareBoxSchema>;

export const joinShareSchema = z.object({
  payment: z.enum(["weekly", "season"], { error: "Pay weekly or for the season" }),
  instalments: z
    .union([z.literal(1), z.literal(2), z.literal(4)], {
      error: "Pay the season in 1, 2 or 4 instalments",
    })
    .optional(),
  pickupPointId: dbId("Unknown pickup point").optional(),
  addressId: dbId("Unknown address").optional(),
});
export type JoinShareInput = z.infer<typeof joinShareSchema>;

export const boxSwapsSchema = z.object({
  swaps: z
    .array(z.object({ out: dbId("Unknown product"), in: dbId("Unknown product") }))
    .max(MAX_BOX_LINES)
    .refine(
      (s) =>
        new Set(s.map((x) => x.out)).size === s.length &&
        new Set(s.map((x) => x.in)).size === s.length,
      "Swap each item once, for a different option each",
    ),
});
export type BoxSwapsInput = z.infer<typeof boxSwapsSchema>;

/** The share box email's signed link, confirmed: its skip takes nothing, its swaps the box's swaps. */
export const shareLinkSchema = z.object({ swaps: boxSwapsSchema.shape.swaps.optional() });
export type ShareLinkInput = z.infer<typeof shareLinkSchema>;

export const neverSchema = z.object({
  productIds: z.array(dbId("Unknown product")).max(50, "At most 50 products"),
});

export const shareDateSchema = z.object({ date: localDate("Enter the box date as YYYY-MM-DD") });
export const pauseSchema = z.object({
  until: localDate("Enter the date to pause until as YYYY-MM-DD"),
});

/** `/…/boxes/{date}`: a box date; anything else is an unknown box (404). */
export const boxDateParam = z.string().transform((raw, ctx) => {
  if (isLocalDate(raw)) return raw;
  ctx.addIssue({ code: "custom", message: "Box not found", params: { code: "not_found" } });
  return z.NEVER;
});
