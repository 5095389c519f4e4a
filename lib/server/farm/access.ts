import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { readRows } from "@/lib/server/platform/db";
import { forbidden, notFound } from "@/lib/server/platform/errors";
import type { SessionUser } from "@/lib/server/auth/session";

export const NOT_A_FARMER = "This area is for farm accounts";

export type OwnFarm = { id: number; farmName: string; userId: number; timeZone: string };

/** The farm's money account as the farm's own screens read it (no account yet reads as zero). */
export type OwnFarmAccount = {
  balanceCents: number;
  stripeAccountId: string | null;
  payoutsEnabled: boolean;
};

const NO_FARM = "No farm is linked to this account yet. Please contact Fieldfare support.";

/**
 * The signed-in farmer's own farm. Every My Farm query is scoped by the id this returns, so a
 * farmer can never reach another farm's rows (they look like unknown ids: 404), and anyone who is
 * not a farmer is refused outright (403). One `readRows` statement: every My Farm call starts here.
 */
export async function requireOwnFarm(user: Pick<SessionUser, "id" | "userType">): Promise<OwnFarm> {
  const [farm] = await readRows<OwnFarm>(ownFarmSql(user));
  return ownFarmFound(farm);
}

/**
 * `requireOwnFarm`'s statement, for a hot read that selects from it with its own rows in one
 * round trip (the farm's columns as OwnFarm's): refuses anyone who is not a farmer first.
 */
export function ownFarmSql(user: Pick<SessionUser, "id" | "userType">): Prisma.Sql {
  if (user.userType !== "farmer") throw forbidden(NOT_A_FARMER);
  return Prisma.sql`
    SELECT f.id, f."farmName", f."userId", f."timeZone" FROM "Farm" f WHERE f."userId" = ${user.id}`;
}

/** The farm a statement of `ownFarmSql` found, or the 404 of `requireOwnFarm`. */
export function ownFarmFound<T>(farm: T | undefined): T {
  if (!farm) throw notFound(NO_FARM);
  return farm;
}

/** `requireOwnFarm` with the farm's account in the same statement (Today and Payouts show it). */
export async function requireOwnFarmAndAccount(
  user: Pick<SessionUser, "id" | "userType">,
): Promise<OwnFarm & { account: OwnFarmAccount }> {
  if (user.userType !== "farmer") throw forbidden(NOT_A_FARMER);
  const [row] = await readRows<OwnFarm & OwnFarmAccount>(Prisma.sql`
    SELECT f.id, f."farmName", f."userId", f."timeZone",
      coalesce(a."balanceCents", 0) AS "balanceCents", a."stripeAccountId",
      coalesce(a."payoutsEnabled", false) AS "payoutsEnabled"
    FROM "Farm" f LEFT JOIN "FarmAccount" a ON a."farmId" = f.id
    WHERE f."userId" = ${user.id}`);
  if (!row) throw notFound(NO_FARM);
  const { balanceCents, stripeAccountId, payoutsEnabled, ...farm } = row;
  return { ...farm, account: { balanceCents, stripeAccountId, payoutsEnabled } };
}
