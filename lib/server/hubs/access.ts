import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { readRows } from "@/lib/server/platform/db";
import { forbidden, notFound } from "@/lib/server/platform/errors";
import type { SessionUser } from "@/lib/server/auth/session";

export const NOT_A_DISTRIBUTOR = "This area is for distributor accounts";
const NO_HUB = "Set up your hub first";

export type Distributor = { userId: number; hubId: number | null };
export type OwnHub = { id: number; name: string; userId: number; timeZone: string };

/**
 * The signed-in distributor (docs/hubs.md): a business account approved as `distributor`, with
 * its hub when it has one. Anyone else is refused outright (403), as a non-farmer is from My Farm
 * (`requireOwnFarm`). One statement: every My Hub call starts here.
 */
export async function requireDistributor(
  user: Pick<SessionUser, "id" | "userType">,
): Promise<Distributor> {
  if (user.userType !== "restaurant") throw forbidden(NOT_A_DISTRIBUTOR);
  const [row] = await readRows<Distributor>(Prisma.sql`
    SELECT b."userId", h.id AS "hubId"
    FROM "BusinessAccount" b LEFT JOIN "Hub" h ON h."userId" = b."userId"
    WHERE b."userId" = ${user.id} AND b.status = 'approved' AND b."approvedAs" = 'distributor'`);
  if (!row) throw forbidden(NOT_A_DISTRIBUTOR);
  return row;
}

/** The distributor's own hub: every My Hub query is scoped by its id; no hub yet is 404. */
export async function requireOwnHub(user: Pick<SessionUser, "id" | "userType">): Promise<OwnHub> {
  if (user.userType !== "restaurant") throw forbidden(NOT_A_DISTRIBUTOR);
  const [row] = await readRows<OwnHub & { hubId: number | null }>(Prisma.sql`
    SELECT h.id AS "hubId", h.id, h.name, b."userId", h."timeZone"
    FROM "BusinessAccount" b LEFT JOIN "Hub" h ON h."userId" = b."userId"
    WHERE b."userId" = ${user.id} AND b.status = 'approved' AND b."approvedAs" = 'distributor'`);
  if (!row) throw forbidden(NOT_A_DISTRIBUTOR);
  if (row.hubId === null) throw notFound(NO_HUB);
  return { id: row.id, name: row.name, userId: row.userId, timeZone: row.timeZone };
}
