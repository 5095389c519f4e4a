/**
 * Fieldfare's commission (docs/money.md, "Farm ledger"): basis points of an order's goods, rounded
 * half-up to the cent once per order. One formula for the server's ledger and the product form.
 */
export function commissionOf(goodsCents: number, bps: number): number {
  return Math.floor((goodsCents * bps + 5000) / 10_000);
}

/** "8 %" for 0.08 (the product form and the Payouts page). */
export function percentLabel(rate: number): string {
  return `${Math.round(rate * 10_000) / 100} %`;
}
