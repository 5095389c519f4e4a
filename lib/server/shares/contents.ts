/**
 * What one member's box holds (docs/shares.md, "A member's box"): the farm's items, each
 * never-item replaced by the first swap option the member has not refused, then the member's
 * swaps. Pure, so the worker, the member's screen and the farm's swap tally read the same box.
 */
export type BoxLine = { productId: number; quantity: number };
export type Swap = { out: number; in: number };

export type MemberContents = {
  items: BoxLine[];
  /** Never-items replaced at publish, each by the option it became. */
  replaced: Swap[];
  /** The member's swaps that still apply (an item or option the farm removed drops its swap). */
  swaps: Swap[];
  /** Σ over the swaps of max(0, value in − value out), at the farm's unit prices. */
  extraCents: number;
};

export function memberContents(
  box: { items: BoxLine[]; swapOptions: BoxLine[] },
  never: readonly number[],
  swaps: readonly Swap[],
  priceCents: ReadonlyMap<number, number>,
): MemberContents {
  const refused = new Set(never);
  const options = box.swapOptions.filter((o) => !refused.has(o.productId));
  const used = new Set<number>();
  const replaced: Swap[] = [];
  let items: BoxLine[] = [];
  for (const item of box.items) {
    if (!refused.has(item.productId)) {
      items.push(item);
      continue;
    }
    const option = options.find((o) => !used.has(o.productId));
    if (!option) continue;
    used.add(option.productId);
    replaced.push({ out: item.productId, in: option.productId });
    items.push(option);
  }
  const value = (l: BoxLine) => (priceCents.get(l.productId) ?? 0) * l.quantity;
  const applied: Swap[] = [];
  let extraCents = 0;
  for (const swap of swaps) {
    const at = items.findIndex((i) => i.productId === swap.out);
    const option = options.find((o) => o.productId === swap.in);
    if (at < 0 || !option || used.has(option.productId)) continue;
    used.add(option.productId);
    extraCents += Math.max(0, value(option) - value(items[at]));
    items = items.map((i, n) => (n === at ? option : i));
    applied.push(swap);
  }
  return { items, replaced, swaps: applied, extraCents };
}

/**
 * Unit prices that spread `totalCents` over the lines in proportion to their value, so a box
 * order's lines add up to what the member pays: Σ unit × quantity = totalCents whenever whole
 * cents allow it, otherwise the largest sum below it (never more than the box costs). Lines worth
 * nothing get an equal share of the weight.
 */
export function spreadPrice(
  lines: readonly (BoxLine & { valueCents: number })[],
  totalCents: number,
): Map<number, number> {
  const unit = new Map<number, number>();
  if (!lines.length) return unit;
  // Integer arithmetic throughout: a float share could floor one cent over the total.
  const positive = lines.some((l) => l.valueCents > 0);
  const weights = lines.map((l) => (positive ? Math.max(l.valueCents, 0) : 1));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  let spent = 0;
  lines.forEach((l, i) => {
    const u = Math.floor((totalCents * weights[i]) / (weightSum * l.quantity));
    unit.set(l.productId, u);
    spent += u * l.quantity;
  });
  // The remainder (< Σ quantities) as whole cents on the lines' units: which quantities sum to
  // it, each line as often as needed (reach[s] = the line that last reached s).
  const rest = totalCents - spent;
  const reach: (number | null)[] = [-1];
  for (let s = 1; s <= rest; s++) {
    const i = lines.findIndex((l) => l.quantity <= s && reach[s - l.quantity] !== null);
    reach.push(i >= 0 ? i : null);
  }
  let s = rest;
  while (reach[s] === null) s--;
  while (s > 0) {
    const i = reach[s]!;
    unit.set(lines[i].productId, unit.get(lines[i].productId)! + 1);
    s -= lines[i].quantity;
  }
  return unit;
}
