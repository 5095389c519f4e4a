import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OpsFarmInviteJson, OpsFarmJson } from "@/lib/contracts/ops";
import { recordAudit } from "@/lib/server/audit/log";
import { catalogChanged } from "@/lib/server/catalog/cache";
import { claimUrl, inviteFarmer } from "@/lib/server/farm/invite";
import { readRows, sqlInt } from "@/lib/server/platform/db";
import { notFound } from "@/lib/server/platform/errors";
import { escapeLike } from "@/lib/server/platform/like";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import type { FarmerInviteInput } from "@/lib/validators/farm";

/**
 * The ops console's Farms screen (docs/operations.md, "Farms"): the list, inviting a farmer, the
 * verified tick (the owner's `verified`, shown next to the farm's name in the app) and pausing a
 * farm's listings (`Farm.listingsPaused`; the catalog's filter is lib/server/catalog/listed.ts).
 * Each change writes its one audit row in its own transaction; a change to the value it already
 * has writes nothing.
 */
type FarmRow = {
  id: number;
  farmName: string;
  location: string;
  ownerId: number;
  fullName: string;
  email: string;
  verified: boolean;
  listingsPaused: boolean;
  payoutsHeld: boolean | null;
  productCount: number;
  createdAt: Date;
};

const toJson = (r: FarmRow): OpsFarmJson => ({
  id: r.id,
  farmName: r.farmName,
  location: r.location,
  owner: { id: r.ownerId, fullName: r.fullName, email: r.email },
  verified: r.verified,
  listingsPaused: r.listingsPaused,
  payoutsHeld: r.payoutsHeld ?? false,
  productCount: Number(r.productCount),
  createdAt: r.createdAt.toISOString(),
});

const farmRows = (where: Prisma.Sql, limit: number, db: Tx | undefined = undefined) => {
  const sql = Prisma.sql`
    SELECT f."id", f."farmName", f."location", u."id" AS "ownerId", u."fullName", u."email", u."verified",
      f."listingsPaused", a."payoutsHeld", f."createdAt",
      (SELECT count(*)::int FROM "Product" p WHERE p."farmId" = f."id" AND NOT p."isHidden") AS "productCount"
    FROM "Farm" f JOIN "User" u ON u."id" = f."userId" LEFT JOIN "FarmAccount" a ON a."farmId" = f."id"
    WHERE ${where}
    ORDER BY f."id" DESC LIMIT ${sqlInt(limit)}`;
  return db ? db.$queryRaw<FarmRow[]>(sql) : readRows<FarmRow>(sql);
};

export async function listOpsFarms(q: string | undefined): Promise<OpsFarmJson[]> {
  const text = q?.trim();
  const like = `%${escapeLike(text ?? "")}%`;
  const rows = await farmRows(
    text
      ? Prisma.sql`(f."farmName" ILIKE ${like} OR u."fullName" ILIKE ${like} OR u."email" ILIKE ${like})`
      : Prisma.sql`true`,
    50,
  );
  return rows.map(toJson);
}

async function farmIn(tx: Tx, farmId: number): Promise<OpsFarmJson> {
  const [row] = await farmRows(Prisma.sql`f."id" = ${farmId}`, 1, tx);
  if (!row) throw notFound("Farm not found");
  return toJson(row);
}

/** POST /api/ops/farms: the same invite as `npm run farmer:invite`, on the record with the staff member. */
export async function inviteFarmerAsStaff(
  staffId: number,
  input: FarmerInviteInput,
  baseUrl: string,
): Promise<OpsFarmInviteJson> {
  const invite = await inviteFarmer(input, new Date(), staffId);
  const farm = await inTransaction((tx) => farmIn(tx, invite.farmId));
  return {
    farm,
    signInUrl: claimUrl(baseUrl, invite.token),
    expiresAt: invite.expiresAt.toISOString(),
  };
}

/** The farm's row locked, so two staff changing it at once each see the other's result. */
async function lockFarm(tx: Tx, farmId: number) {
  const [row] = await tx.$queryRaw<{ userId: number; listingsPaused: boolean }[]>`
    SELECT "userId", "listingsPaused" FROM "Farm" WHERE "id" = ${farmId} FOR UPDATE`;
  if (!row) throw notFound("Farm not found");
  return row;
}

/** PUT /api/ops/farms/{id}/verified: the tick next to the farm's name is its owner's `verified`. */
export function setFarmVerified(
  staffId: number,
  farmId: number,
  verified: boolean,
): Promise<OpsFarmJson> {
  return inTransaction(async (tx) => {
    const farm = await lockFarm(tx, farmId);
    const [owner] = await tx.$queryRaw<{ verified: boolean }[]>`
      SELECT "verified" FROM "User" WHERE "id" = ${farm.userId} FOR UPDATE`;
    if (owner.verified !== verified) {
      await tx.user.update({ where: { id: farm.userId }, data: { verified } });
      await recordAudit(tx, {
        staffId,
        action: verified ? "farm.verify" : "farm.unverify",
        target: `farm:${farmId}`,
        before: { verified: owner.verified },
        after: { verified },
      });
    }
    return farmIn(tx, farmId);
  });
}

/**
 * PUT /api/ops/farms/{id}/listings-paused: a paused farm's products leave home, search and its
 * page, and checkout refuses them; the farm keeps its orders, products and settings.
 */
export async function setListingsPaused(
  staffId: number,
  farmId: number,
  paused: boolean,
  reason: string,
): Promise<OpsFarmJson> {
  const farm = await inTransaction(async (tx) => {
    const before = await lockFarm(tx, farmId);
    if (before.listingsPaused !== paused) {
      await tx.farm.update({ where: { id: farmId }, data: { listingsPaused: paused } });
      await recordAudit(tx, {
        staffId,
        action: paused ? "farm.pause" : "farm.resume",
        target: `farm:${farmId}`,
        before: { listingsPaused: before.listingsPaused },
        after: { listingsPaused: paused, reason },
      });
    }
    return farmIn(tx, farmId);
  });
  // The change is committed: this instance's cached lists go now (others hear the trigger).
  catalogChanged();
  return farm;
}
