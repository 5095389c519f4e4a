import "server-only";
import type { Tx } from "@/lib/server/platform/transaction";
import { formatUnits } from "@/lib/format";

/**
 * Price levels (docs/restaurants.md): restaurants pay a product's restaurant price, where the farm
 * set one, and buy in multiples of its case size; everyone else pays the retail price per unit.
 * Every price the server charges comes from here, never from what a client sends.
 */
export type PriceLevel = "retail" | "restaurant";

export const levelOf = (user: { userType: string } | null | undefined): PriceLevel =>
  user?.userType === "restaurant" ? "restaurant" : "retail";

type Priced = { priceCents: number; restaurantPriceCents: number | null; caseSize: number };

/** The product columns a priced line reads: what it shows, and what `unitPrice` and `caseProblem` need. */
export const pricedLineSelect = {
  id: true,
  name: true,
  unit: true,
  priceCents: true,
  restaurantPriceCents: true,
  caseSize: true,
} as const;

/** The unit price in cents this level pays, and which price that is. */
export function unitPrice(p: Priced, level: PriceLevel): { cents: number; level: PriceLevel } {
  return level === "restaurant" && p.restaurantPriceCents !== null
    ? { cents: p.restaurantPriceCents, level: "restaurant" }
    : { cents: p.priceCents, level: "retail" };
}

/** Units per case for this level: restaurants buy whole cases, everyone else single units. */
export const caseSizeFor = (p: Pick<Priced, "caseSize">, level: PriceLevel) =>
  level === "restaurant" ? p.caseSize : 1;

/** The message when a restaurant's quantity is not a whole number of cases. */
export const caseMessage = (name: string, caseSize: number, unit: string) =>
  `${name} is sold by the case of ${formatUnits(caseSize, unit)}: order a multiple of ${caseSize}`;

/**
 * The buyer's level read inside an order's transaction (the session's type could be a moment old),
 * and the check every order line passes: a restaurant buys whole cases.
 */
export async function buyerLevel(tx: Tx, userId: number): Promise<PriceLevel> {
  return levelOf(
    await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { userType: true } }),
  );
}

/** The message for the first line that is not a whole number of cases at this level, or null. */
export function caseProblem(
  lines: { product: Priced & { name: string; unit: string }; quantity: number }[],
  level: PriceLevel,
): string | null {
  for (const { product, quantity } of lines) {
    const size = caseSizeFor(product, level);
    if (quantity % size !== 0) return caseMessage(product.name, size, product.unit);
  }
  return null;
}

/** The price level of whoever sent this request (signed out: retail). For catalog calls open to everyone. */
export async function levelOfRequest(req: Request): Promise<PriceLevel> {
  const { userFromRequest } = await import("@/lib/server/auth/session");
  return levelOf(await userFromRequest(req));
}
