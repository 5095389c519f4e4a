import "server-only";
import { centsToDollars } from "@/lib/money";
import type {
  DeliveryZone,
  FulfilmentWindow,
  OrderFulfilment,
  PickupPoint,
} from "@/lib/generated/prisma/client";
import type {
  AddressJson,
  DeliveryZoneJson,
  FulfilmentWindowJson,
  OrderFulfilmentJson,
  PickupPointJson,
} from "@/lib/contracts/fulfilment";
import type { Address } from "@/lib/generated/prisma/client";
import { clockOfMinutes, slotIdOf } from "@/lib/validators/fulfilment";
import { toLocalIso } from "./time";

export const serializePickupPoint = (p: PickupPoint): PickupPointJson => ({
  id: p.id,
  name: p.name,
  address: p.address,
  notes: p.notes,
});

export const serializeZone = (z: DeliveryZone): DeliveryZoneJson => ({
  id: z.id,
  name: z.name,
  postalPrefixes: z.postalPrefixes,
  fee: centsToDollars(z.feeCents),
  freeOver: z.freeOverCents === null ? null : centsToDollars(z.freeOverCents),
});

export const serializeWindow = (w: FulfilmentWindow): FulfilmentWindowJson => ({
  id: w.id,
  kind: w.kind,
  weekday: w.weekday,
  start: clockOfMinutes(w.startMinute),
  end: clockOfMinutes(w.endMinute),
  cutoffHours: w.cutoffHours,
  capacity: w.capacity,
  pickupPointId: w.pickupPointId,
});

/** The handover columns an order's JSON shows (besides its kind and slot). */
export type HandoverField =
  | "startsAt"
  | "endsAt"
  | "cutoffAt"
  | "timeZone"
  | "pickupName"
  | "pickupAddress"
  | "pickupNotes"
  | "deliveryAddress"
  | "postalCode"
  | "feeCents";

/** What `serializeOrderFulfilment` reads: the handover row with its slot's window and date. */
export type OrderFulfilmentRow = Pick<OrderFulfilment, "kind" | HandoverField> & {
  slot: { windowId: number; localDate: string };
};

/** An order's handover as the order JSON carries it (times with the farm's offset). */
export function serializeOrderFulfilment(f: OrderFulfilmentRow): OrderFulfilmentJson {
  return {
    kind: f.kind,
    slotId: slotIdOf(f.slot.windowId, f.slot.localDate),
    start: toLocalIso(f.startsAt, f.timeZone),
    end: toLocalIso(f.endsAt, f.timeZone),
    cutoff: toLocalIso(f.cutoffAt, f.timeZone),
    timeZone: f.timeZone,
    ...(f.kind === "pickup"
      ? {
          pickupPoint: {
            name: f.pickupName ?? "",
            address: f.pickupAddress ?? "",
            notes: f.pickupNotes ?? "",
          },
        }
      : {}),
    ...(f.kind === "delivery"
      ? { address: f.deliveryAddress ?? "", postalCode: f.postalCode ?? "" }
      : {}),
    fee: centsToDollars(f.feeCents),
  };
}

export const serializeAddress = (a: Address): AddressJson => ({
  id: a.id,
  label: a.label,
  line1: a.line1,
  city: a.city,
  postalCode: a.postalCode,
  notes: a.notes,
  isDefault: a.isDefault,
});
