import type { SeedContext } from "./types";

/** The demo's food hub (docs/hubs.md), signed in with the partners' password (README's demo table). */
export const HUB_OWNER = {
  fullName: "Mira Santos",
  email: "mira.santos@hubs.fieldfare.app",
  username: "mira_santos",
  address: "1450 Ellis St, Kelowna, BC V1Y 2A5",
};
/** Its suppliers: two on terms (discount and margin in basis points), one still invited. */
const SUPPLIERS = [
  { slug: "lake-country-heritage-farm", status: "active", discountBps: 1_500, marginBps: 2_500 },
  { slug: "rutland-roots-market-garden", status: "active", discountBps: 1_000, marginBps: 2_000 },
  { slug: "kelowna-mushroom-co", status: "invited", discountBps: null, marginBps: 0 },
] as const;

/**
 * Okanagan Food Hub: a distributor approved as such, its hub at a Kelowna warehouse, and three
 * supplier farms (two accepted with their wholesale discount, one invitation waiting in that
 * farm's My Farm → Hubs). Left alone once the owner has a hub.
 */
export async function ensureHub(ctx: SeedContext): Promise<void> {
  const { tx, farmIds, now, log } = ctx;
  const existing = await tx.user.findUnique({
    where: { email: HUB_OWNER.email },
    include: { hub: true },
  });
  if (existing?.hub) return;
  const hash = (
    await tx.user.findUniqueOrThrow({ where: { email: "grace.kowalski@farms.fieldfare.app" } })
  ).passwordHash;
  const owner =
    existing ??
    (await tx.user.create({
      data: { ...HUB_OWNER, passwordHash: hash, verified: true, userType: "restaurant" },
    }));
  await tx.businessAccount.upsert({
    where: { userId: owner.id },
    create: {
      userId: owner.id,
      companyName: "Okanagan Food Hub Co-op",
      businessNumber: "BN 778812345",
      address: "1450 Ellis St, Kelowna, BC",
      postalCode: "V1Y 2A5",
      status: "approved",
      approvedAs: "distributor",
      decidedAt: now,
    },
    update: { status: "approved", approvedAs: "distributor", decidedAt: now },
  });
  const hub = await tx.hub.create({
    data: {
      userId: owner.id,
      name: "Okanagan Food Hub",
      description:
        "Small farms' produce gathered at our Ellis Street warehouse and delivered together.",
      location: "1450 Ellis St, Kelowna, BC",
    },
  });
  for (const s of SUPPLIERS) {
    const farmId = farmIds.get(s.slug);
    if (!farmId) continue;
    await tx.hubSupplier.create({
      data: {
        hubId: hub.id,
        farmId,
        status: s.status,
        wholesaleDiscountBps: s.discountBps,
        marginBps: s.marginBps,
        invitedAt: new Date(now.getTime() - 7 * 86_400_000),
        answeredAt: s.status === "active" ? new Date(now.getTime() - 6 * 86_400_000) : null,
      },
    });
  }
  log(`food hub: ${hub.name} with ${SUPPLIERS.length} suppliers`);
}
