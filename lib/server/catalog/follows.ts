import "server-only";
import { db } from "@/lib/server/platform/db";
import { notFound } from "@/lib/server/platform/errors";
import type { SessionUser } from "@/lib/server/auth/session";
import type { FollowJson } from "@/lib/contracts/catalog";

/**
 * Following a farm (the Follow button on its page, docs/restaurants.md, "Fresh sheet"): one row
 * per follower and farm, written for the signed-in user only. Both calls are idempotent.
 */
export async function followFarm(user: SessionUser, farmId: number): Promise<FollowJson> {
  const farm = await db.farm.findUnique({ where: { id: farmId }, select: { id: true } });
  if (!farm) throw notFound("Farm not found");
  await db.farmFollow.upsert({
    where: { userId_farmId: { userId: user.id, farmId } },
    create: { userId: user.id, farmId },
    update: {},
  });
  return { farmId, following: true };
}

export async function unfollowFarm(user: SessionUser, farmId: number): Promise<FollowJson> {
  const farm = await db.farm.findUnique({ where: { id: farmId }, select: { id: true } });
  if (!farm) throw notFound("Farm not found");
  await db.farmFollow.deleteMany({ where: { userId: user.id, farmId } });
  return { farmId, following: false };
}

/** Whether the user follows the farm (the farm page's button). */
export async function isFollowing(userId: number, farmId: number): Promise<boolean> {
  return !!(await db.farmFollow.findUnique({ where: { userId_farmId: { userId, farmId } } }));
}
