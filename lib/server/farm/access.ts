import "server-only";
import { db } from "@/lib/server/platform/db";
import { forbidden, notFound } from "@/lib/server/platform/errors";
import type { SessionUser } from "@/lib/server/auth/session";

export const NOT_A_FARMER = "This area is for farm accounts";

export type OwnFarm = { id: number; farmName: string; userId: number; timeZone: string };

/**
 * The signed-in farmer's own farm. Every My Farm query is scoped by the id this returns, so a
 * farmer can never reach another farm's rows (they look like unknown ids: 404), and anyone who is
 * not a farmer is refused outright (403).
 */
export async function requireOwnFarm(user: Pick<SessionUser, "id" | "userType">): Promise<OwnFarm> {
  if (user.userType !== "farmer") throw forbidden(NOT_A_FARMER);
  const farm = await db.farm.findUnique({
    where: { userId: user.id },
    select: { id: true, farmName: true, userId: true, timeZone: true },
  });
  if (!farm)
    throw notFound("No farm is linked to this account yet. Please contact Fieldfare support.");
  return farm;
}
