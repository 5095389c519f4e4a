import "server-only";
import { db } from "@/lib/server/platform/db";
import { escapeLike } from "@/lib/server/platform/like";
import type { SupplierListItem } from "@/lib/contracts/messages";
import { chatUserSelect, toChatUser } from "./serialize";

const MAX_SUPPLIERS = 50;

/**
 * Farms to start a chat with: farmer accounts whose name
 * or farm name contains `q` (case-insensitive), verified first. The status text is the farm and
 * its location, so the buyer knows who they are writing to.
 */
export async function listSuppliers(viewerId: number, q: string): Promise<SupplierListItem[]> {
  // Prisma's `contains` is a LIKE that leaves `%` and `_` live; the text must match literally.
  const term = escapeLike(q.trim());
  const rows = await db.user.findMany({
    where: {
      userType: "farmer",
      id: { not: viewerId },
      ...(term
        ? {
            OR: [
              { fullName: { contains: term, mode: "insensitive" } },
              { farm: { is: { farmName: { contains: term, mode: "insensitive" } } } },
            ],
          }
        : {}),
    },
    select: chatUserSelect,
    orderBy: [{ verified: "desc" }, { fullName: "asc" }, { id: "asc" }],
    take: MAX_SUPPLIERS,
  });
  return rows.map((r) => ({
    user: toChatUser(r),
    status: r.farm ? `${r.farm.farmName} · ${r.farm.location}` : "Farmer",
  }));
}
