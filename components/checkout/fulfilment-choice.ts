import type {
  AddressJson,
  DeliveryZoneJson,
  FarmFulfilmentJson,
  SlotJson,
} from "@/lib/contracts/fulfilment";
import { formatCurrency } from "@/lib/format";
import { pickZone } from "@/lib/delivery-fee";
import { centsToDollars, dollarsToCents } from "@/lib/money";
import { compactPostal } from "@/lib/validators/fulfilment";

/**
 * One farm's handover at checkout (docs/fulfilment.md): what the buyer chose, and what follows from
 * it before paying — the delivery fee of the zone the address falls in (waived from the zone's
 * free-over amount), the farm's minimum, and whatever still stops the payment. The server checks
 * all of it again; this only lets the buyer see it first.
 */
export type Choice = { kind?: "pickup" | "delivery"; slotId?: string; addressId?: number };

export type FarmState = {
  /** The farm sells in windows: a slot must be chosen. */
  needsSlot: boolean;
  kinds: ("pickup" | "delivery")[];
  kind: "pickup" | "delivery" | null;
  slots: SlotJson[];
  slot: SlotJson | null;
  address: AddressJson | null;
  zone: DeliveryZoneJson | null;
  /** Dollars; 0 for pickup or a waived fee. */
  fee: number;
  feeNote: string | null;
  /** What still stops paying for this farm, for people. */
  problem: string | null;
  /** The problem is only a choice not made yet (shown once the buyer tries to pay). */
  unchosen: boolean;
};

/**
 * The zone the order is delivered in and its fee, as checkout prices it: of the zones with a prefix
 * that starts the postal code, the cheapest once free-over is applied (then the oldest), or null.
 */
export function zoneFor(
  zones: DeliveryZoneJson[],
  postal: string,
  subtotal: number,
): { zone: DeliveryZoneJson; fee: number; waived: boolean } | null {
  const picked = pickZone(zones, postal, dollarsToCents(subtotal), (z) => ({
    feeCents: dollarsToCents(z.fee),
    freeOverCents: z.freeOver === null ? null : dollarsToCents(z.freeOver),
  }));
  return (
    picked && { zone: picked.zone, fee: centsToDollars(picked.feeCents), waived: picked.waived }
  );
}

export const isOpen = (s: SlotJson) => s.remaining === null || s.remaining > 0;

export function farmState(
  f: FarmFulfilmentJson,
  subtotal: number,
  choice: Choice,
  addresses: AddressJson[],
): FarmState {
  const kinds = (["pickup", "delivery"] as const).filter((k) => f.slots.some((s) => s.kind === k));
  const needsSlot = f.slots.length > 0;
  const kind = choice.kind && kinds.includes(choice.kind) ? choice.kind : (kinds[0] ?? null);
  const slots = f.slots.filter((s) => s.kind === kind);
  const slot = slots.find((s) => s.slotId === choice.slotId) ?? null;
  const address =
    kind === "delivery" ? (addresses.find((a) => a.id === choice.addressId) ?? null) : null;
  const priced = address ? zoneFor(f.deliveryZones, address.postalCode, subtotal) : null;
  const zone = priced?.zone ?? null;
  const fee = kind === "delivery" && priced ? priced.fee : 0;
  const feeNote =
    kind !== "delivery" || !zone
      ? null
      : priced?.waived
        ? "Free delivery"
        : zone.freeOver !== null
          ? `Free delivery over ${formatCurrency(zone.freeOver)}`
          : null;

  let problem: string | null = null;
  let unchosen = false;
  if (dollarsToCents(subtotal) < dollarsToCents(f.minimumOrder))
    problem = `The minimum order at ${f.farmName} is ${formatCurrency(f.minimumOrder)}`;
  else if (needsSlot && !slot) {
    problem = choice.slotId
      ? "That time is no longer available: choose another"
      : `Choose a ${kind ?? "pickup or delivery"} time`;
    unchosen = !choice.slotId;
  } else if (slot && !isOpen(slot)) problem = "That time is full: choose another";
  else if (kind === "delivery" && !address) {
    problem = "Choose a delivery address";
    unchosen = true;
  } else if (kind === "delivery" && address && !zone)
    problem = `${f.farmName} does not deliver to ${compactPostal(address.postalCode).slice(0, 3)}`;
  return { needsSlot, kinds, kind, slots, slot, address, zone, fee, feeNote, problem, unchosen };
}

/** The `fulfilment` entry POST /api/orders takes for this farm, or undefined when it needs none. */
export function fulfilmentBody(
  state: FarmState,
): { slotId: string; addressId?: number } | undefined {
  if (!state.needsSlot || !state.slot) return undefined;
  if (state.kind === "delivery" && state.address)
    return { slotId: state.slot.slotId, addressId: state.address.id };
  return { slotId: state.slot.slotId };
}

/** The buyer's first sight of a farm: pickup if offered, its soonest open slot, the default address. */
export function initialChoice(f: FarmFulfilmentJson, addresses: AddressJson[]): Choice {
  const kind = f.slots.some((s) => s.kind === "pickup")
    ? "pickup"
    : f.slots.length
      ? "delivery"
      : undefined;
  const slot = f.slots.find((s) => s.kind === kind && isOpen(s));
  const address = addresses.find((a) => a.isDefault) ?? addresses[0];
  return { kind, slotId: slot?.slotId, addressId: address?.id };
}

/**
 * "Use for all farms": this farm's pickup or delivery (and delivery address) applied to another
 * farm where it can be. The other farm keeps its slot when it is of that kind and open, otherwise
 * takes its open slot on the same day, otherwise its soonest open one. Where it cannot be applied
 * (the farm has no such times, is full, or does not deliver to the address) the reason, for people.
 */
export function applyChoice(
  from: FarmState,
  fromChoice: Choice,
  to: FarmFulfilmentJson,
  toChoice: Choice,
): { choice: Choice } | { reason: string } {
  const kind = from.kind;
  if (!kind) return { choice: toChoice };
  const slots = to.slots.filter((s) => s.kind === kind && isOpen(s));
  if (!to.slots.some((s) => s.kind === kind))
    return { reason: `${to.farmName} does not offer ${kind}` };
  if (!slots.length) return { reason: `${to.farmName} has no open ${kind} times` };
  if (kind === "delivery" && from.address) {
    const postal = from.address.postalCode;
    if (!zoneFor(to.deliveryZones, postal, 0))
      return {
        reason: `${to.farmName} does not deliver to ${compactPostal(postal).slice(0, 3)}`,
      };
  }
  const day = from.slot?.start.slice(0, 10);
  const slot =
    (toChoice.kind === kind && slots.find((s) => s.slotId === toChoice.slotId)) ||
    slots.find((s) => s.start.slice(0, 10) === day) ||
    slots[0];
  return {
    choice: {
      kind,
      slotId: slot.slotId,
      addressId: kind === "delivery" ? fromChoice.addressId : toChoice.addressId,
    },
  };
}
