import "server-only";
import { db } from "@/lib/server/platform/db";
import { inTransaction } from "@/lib/server/platform/transaction";
import type { SessionUser } from "@/lib/server/auth/session";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import type { FarmProfileInput } from "@/lib/validators/farm";
import { requireOwnFarm } from "./access";
import { toMyFarmJson } from "./serialize";
import { type MyFarmJson } from "@/lib/contracts/farm";
import { catalogChanged } from "@/lib/server/catalog/cache";

export async function getMyFarm(user: SessionUser): Promise<MyFarmJson> {
  const { id } = await requireOwnFarm(user);
  return toMyFarmJson(await db.farm.findUniqueOrThrow({ where: { id } }));
}

/** Name, description and location; the owner's address follows the farm's location. */
export async function updateFarmProfile(
  user: SessionUser,
  input: FarmProfileInput,
): Promise<MyFarmJson> {
  const { id } = await requireOwnFarm(user);
  const farm = await inTransaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { address: input.location } });
    return tx.farm.update({
      where: { id },
      data: {
        farmName: input.farmName,
        description: input.description,
        location: input.location,
        // Only what the form sent: "" clears a number (docs/money.md, "Taxes").
        ...(input.gstNumber !== undefined && { gstNumber: input.gstNumber || null }),
        ...(input.smallSupplier !== undefined && { smallSupplier: input.smallSupplier }),
        // A registration number ends small-supplier status.
        ...(input.gstNumber && { smallSupplier: false }),
        ...(input.pstNumber !== undefined && { pstNumber: input.pstNumber || null }),
        ...(input.freshSheet !== undefined && {
          freshSheetWeekday: input.freshSheet?.weekday ?? null,
          ...(input.freshSheet && { freshSheetHour: input.freshSheet.hour }),
        }),
      },
    });
  });
  catalogChanged();
  return toMyFarmJson(farm);
}

/** Points the farm at a freshly stored image; returns the previous one so the caller can delete it. */
export async function setFarmImage(
  user: SessionUser,
  url: string,
): Promise<{ farm: MyFarmJson; previous: string }> {
  const { id } = await requireOwnFarm(user);
  const before = await db.farm.findUniqueOrThrow({ where: { id }, select: { farmImage: true } });
  const farm = await db.farm.update({ where: { id }, data: { farmImage: url } });
  catalogChanged();
  return { farm: toMyFarmJson(farm), previous: before.farmImage };
}

/** The farmer's farm for the My Farm layout, or null when none is linked yet. */
export async function myFarmOrNull(user: SessionUser): Promise<MyFarmJson | null> {
  if (user.userType !== "farmer") return null;
  const farm = await db.farm.findUnique({ where: { userId: user.id } });
  return farm ? toMyFarmJson(farm) : null;
}

/**
 * For My Farm pages: the signed-in farmer who has a farm, or null. Next renders a layout and its
 * page concurrently, so pages check this themselves instead of trusting the layout's guard.
 */
export async function farmPageUser(): Promise<SessionUser | null> {
  const user = await getCurrentUser();
  if (!user || user.userType !== "farmer") return null;
  return (await myFarmOrNull(user)) ? user : null;
}
