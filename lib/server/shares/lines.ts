import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { centsToDollars } from "@/lib/money";
import type { BoxLineJson } from "@/lib/contracts/shares";
import type { BoxLine, Swap } from "./contents";

/** Products as a box names and values them: name, unit and the farm's unit price now. */
export type Priced = Map<number, { name: string; unit: string; priceCents: number }>;

/** A stored `[{productId, quantity}]` (ShareBox.items, swapOptions). */
export function boxLinesOf(json: Prisma.JsonValue): BoxLine[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((l) => {
    const o = l as { productId?: unknown; quantity?: unknown };
    return typeof o.productId === "number" && typeof o.quantity === "number"
      ? [{ productId: o.productId, quantity: o.quantity }]
      : [];
  });
}

/** A stored `[{out, in}]` (ShareBoxChoice.swaps). */
export function swapsOf(json: Prisma.JsonValue): Swap[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((s) => {
    const o = s as { out?: unknown; in?: unknown };
    return typeof o.out === "number" && typeof o.in === "number" ? [{ out: o.out, in: o.in }] : [];
  });
}

export const priceMap = (priced: Priced) =>
  new Map([...priced].map(([id, p]) => [id, p.priceCents]));

export function linesJson(lines: BoxLine[], priced: Priced): BoxLineJson[] {
  return lines.flatMap((l) => {
    const p = priced.get(l.productId);
    if (!p) return [];
    return [
      {
        productId: l.productId,
        name: p.name,
        unit: p.unit,
        quantity: l.quantity,
        value: centsToDollars(p.priceCents * l.quantity),
      },
    ];
  });
}
