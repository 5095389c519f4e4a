import { z } from "zod";
import { TAX_CLASSES } from "@/lib/tax";
import {
  addressSchema,
  addressUpdateSchema,
  fulfilmentSettingsSchema,
  packListQuerySchema,
  packTickSchema,
  slotsQuerySchema,
} from "@/lib/validators/fulfilment";
import { CSV_ANSWER, endpoint, farmerErrors, idParams, jsonBody } from "./endpoint";
import { id, money, ok, orderStatus, personRef, productQuantity } from "./json";

/** ISO 8601 with the farm's UTC offset, e.g. "2026-11-28T09:00:00.000-08:00". */
export const localDateTime = z.string().describe("ISO 8601 date-time with the farm's UTC offset");
export const fulfilmentKind = z.enum(["pickup", "delivery"]);

export const pickupPoint = z.object({
  id,
  name: z.string(),
  address: z.string(),
  notes: z.string(),
});
export type PickupPointJson = z.infer<typeof pickupPoint>;

export const deliveryZone = z.object({
  id,
  name: z.string(),
  postalPrefixes: z.array(z.string()),
  fee: money,
  freeOver: money.nullable(),
});
export type DeliveryZoneJson = z.infer<typeof deliveryZone>;

export const fulfilmentWindow = z.object({
  id,
  kind: fulfilmentKind,
  weekday: z.number().int().describe("0 = Sunday … 6 = Saturday"),
  start: z.string().describe("HH:MM local"),
  end: z.string().describe("HH:MM local"),
  cutoffHours: z.number().int(),
  capacity: z.number().int().nullable(),
  pickupPointId: id.nullable(),
});
export type FulfilmentWindowJson = z.infer<typeof fulfilmentWindow>;

export const fulfilmentSettings = z.object({
  timeZone: z.string(),
  minimumOrder: money,
  pickupPoints: z.array(pickupPoint),
  deliveryZones: z.array(deliveryZone),
  windows: z.array(fulfilmentWindow),
});
export type FulfilmentSettingsJson = z.infer<typeof fulfilmentSettings>;

export const slot = z.object({
  slotId: z.string().describe("w<windowId>-<YYYY-MM-DD>"),
  kind: fulfilmentKind,
  start: localDateTime,
  end: localDateTime,
  cutoff: localDateTime,
  pickupPoint: pickupPoint.optional(),
  fee: money.describe("pickup: 0; delivery: the lowest zone fee (the postal code decides)"),
  remaining: z.number().int().nullable().describe("orders the slot still takes; null: no limit"),
});
export type SlotJson = z.infer<typeof slot>;

/** What a buyer needs to choose at checkout: the farm's slots, zones and minimum. */
export const farmFulfilment = z.object({
  farmId: id,
  farmName: z.string(),
  timeZone: z.string(),
  minimumOrder: money,
  deliveryZones: z.array(deliveryZone),
  slots: z.array(slot),
  taxRates: z
    .array(
      z.object({
        name: z.string(),
        taxClass: z.enum(TAX_CLASSES),
        rateBps: z.number().int(),
      }),
    )
    .describe(
      "the taxes this farm charges now, per tax class (basis points): checkout shows them before paying",
    ),
});
export type FarmFulfilmentJson = z.infer<typeof farmFulfilment>;

/** An order's handover, as the order JSON carries it. */
export const orderFulfilment = z.object({
  kind: fulfilmentKind,
  slotId: z.string(),
  start: localDateTime,
  end: localDateTime,
  cutoff: localDateTime,
  timeZone: z.string(),
  pickupPoint: z.object({ name: z.string(), address: z.string(), notes: z.string() }).optional(),
  address: z.string().optional(),
  postalCode: z.string().optional(),
  fee: money,
});
export type OrderFulfilmentJson = z.infer<typeof orderFulfilment>;

export const address = z.object({
  id,
  label: z.string(),
  line1: z.string(),
  city: z.string(),
  postalCode: z.string(),
  notes: z.string(),
  isDefault: z.boolean(),
});
export type AddressJson = z.infer<typeof address>;

export const packList = z.object({
  date: z.string(),
  today: z.string().describe("today in the farm's time zone, YYYY-MM-DD"),
  timeZone: z.string(),
  days: z
    .array(z.object({ date: z.string(), orders: z.number().int() }))
    .describe("the day picker: the next 14 days from today (and `date`), with their order counts"),
  products: z.array(productQuantity),
  orders: z.array(
    z.object({
      id,
      status: orderStatus,
      completedAt: z.string().nullable().describe("when it was handed over (ISO 8601)"),
      packed: z.array(id).describe("the product ids of the lines ticked off as packed"),
      buyer: personRef,
      kind: fulfilmentKind,
      start: localDateTime,
      end: localDateTime,
      place: z.string().describe("the pickup point's name and address, or the delivery address"),
      postalCode: z.string().nullable(),
      items: z.array(productQuantity),
      totalAmount: money,
      share: z
        .object({
          plan: z.string(),
          swaps: z.array(z.object({ out: z.string(), in: z.string() })),
        })
        .nullable()
        .describe(
          "a farm share box: its plan and the swaps packed (the member's, and never-items replaced)",
        ),
    }),
  ),
});
export type PackListJson = z.infer<typeof packList>;

export const packTicks = z.object({
  orderId: id,
  packed: z.array(id).describe("the product ids of the order's lines ticked off as packed"),
});
export type PackTicksJson = z.infer<typeof packTicks>;

const addressParams = idParams("Address");

/** Fulfilment: a farm's windows, points and zones; the slots buyers choose; pack lists; address books. */
export const fulfilmentApi = {
  settings: endpoint({
    method: "GET",
    path: "/api/my-farm/fulfilment",
    tag: "Fulfilment",
    summary:
      "Your farm's time zone, minimum order, pickup points, delivery zones and weekly windows",
    auth: "required",
    response: fulfilmentSettings,
    errors: [...farmerErrors],
  }),
  saveSettings: endpoint({
    method: "PUT",
    path: "/api/my-farm/fulfilment",
    tag: "Fulfilment",
    summary: "Replace your fulfilment settings",
    description:
      "Entries with an `id` are updated, entries without one are added, and entries left out are retired (orders already placed keep their slot, place and fee). A window names its pickup point by `pickupPointId`, or by `pickupPointIndex` for a point added in the same request.",
    auth: "required",
    body: jsonBody(fulfilmentSettingsSchema),
    response: fulfilmentSettings,
    errors: [...farmerErrors],
  }),
  packList: endpoint({
    method: "GET",
    path: "/api/my-farm/pack-list",
    tag: "Fulfilment",
    summary: "What to harvest and pack for one day: totals per product, then every order",
    description:
      "Without `date`, the next day with orders to hand over, else today. `format=csv` answers text/csv with a header row, one line per order line.",
    auth: "required",
    query: packListQuerySchema,
    response: packList,
    otherAnswers: CSV_ANSWER,
    errors: [...farmerErrors],
  }),
  packTick: endpoint({
    method: "PUT",
    path: "/api/my-farm/pack-list/ticks",
    tag: "Fulfilment",
    summary:
      "Tick a line of an order (or the whole order, productId null) off as packed, or untick it",
    description:
      "With an `Idempotency-Key` (the offline queue sends one with every tick) a repeat of the same tick replays its first answer, so a late copy never undoes a later untick.",
    auth: "required",
    idempotencyKey: true,
    body: jsonBody(packTickSchema),
    response: packTicks,
    errors: [...farmerErrors, "order_not_active"],
  }),
  slots: endpoint({
    method: "GET",
    path: "/api/farms/{id}/slots",
    tag: "Fulfilment",
    summary: "A farm's upcoming slots whose cutoff has not passed, soonest first",
    description: "A farm without windows answers `[]`: it sells without a slot.",
    auth: "none",
    params: idParams("Farm"),
    query: slotsQuerySchema,
    response: z.array(slot),
  }),
  farmFulfilment: endpoint({
    method: "GET",
    path: "/api/farms/{id}/fulfilment",
    tag: "Fulfilment",
    summary: "What checkout shows for a farm: minimum order, delivery zones and upcoming slots",
    auth: "none",
    params: idParams("Farm"),
    query: slotsQuerySchema,
    response: farmFulfilment,
  }),
  addresses: endpoint({
    method: "GET",
    path: "/api/addresses",
    tag: "Fulfilment",
    summary: "Your address book, the default first",
    auth: "required",
    response: z.array(address),
  }),
  createAddress: endpoint({
    method: "POST",
    path: "/api/addresses",
    tag: "Fulfilment",
    summary: "Add a delivery address",
    auth: "required",
    body: jsonBody(addressSchema),
    status: 201,
    response: address,
    errors: ["conflict"],
  }),
  updateAddress: endpoint({
    method: "PATCH",
    path: "/api/addresses/{id}",
    tag: "Fulfilment",
    summary: "Edit one of your addresses",
    auth: "required",
    params: addressParams,
    body: jsonBody(addressUpdateSchema),
    response: address,
  }),
  deleteAddress: endpoint({
    method: "DELETE",
    path: "/api/addresses/{id}",
    tag: "Fulfilment",
    summary: "Remove one of your addresses",
    auth: "required",
    params: addressParams,
    response: ok,
  }),
};
