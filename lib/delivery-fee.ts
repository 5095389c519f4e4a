import { compactPostal } from "@/lib/validators/fulfilment";

/**
 * The delivery-fee rule (docs/fulfilment.md), one copy for checkout in the browser, booking and
 * order edits on the server: a zone's fee is waived once the goods reach its free-over amount,
 * and of the zones whose postal prefixes start the code the buyer pays the cheapest after any
 * waiver (then the oldest zone). Integer cents throughout.
 */
export type ZoneFee = { feeCents: number; freeOverCents: number | null };

/** What a zone charges for goods of this value. */
export function zoneFeeCents(zone: ZoneFee, goodsCents: number): number {
  return zone.freeOverCents !== null && goodsCents >= zone.freeOverCents ? 0 : zone.feeCents;
}

/** The zone a postal code is delivered in and what it charges, or null when no zone covers the code. */
export function pickZone<Z extends { id: number; postalPrefixes: string[] }>(
  zones: Z[],
  postal: string,
  goodsCents: number,
  feeOf: (zone: Z) => ZoneFee,
): { zone: Z; feeCents: number; waived: boolean } | null {
  const code = compactPostal(postal);
  let best: { zone: Z; feeCents: number; waived: boolean } | null = null;
  for (const zone of zones) {
    if (!zone.postalPrefixes.some((p) => code.startsWith(compactPostal(p)))) continue;
    const fee = feeOf(zone);
    const feeCents = zoneFeeCents(fee, goodsCents);
    if (!best || feeCents < best.feeCents || (feeCents === best.feeCents && zone.id < best.zone.id))
      best = {
        zone,
        feeCents,
        waived: fee.freeOverCents !== null && goodsCents >= fee.freeOverCents,
      };
  }
  return best;
}
