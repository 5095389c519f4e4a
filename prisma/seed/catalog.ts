import {
  DEMO_USER,
  FARMS,
  PARTNER_PASSWORD,
  RESTAURANTS,
  type CategoryKey,
} from "@/prisma/seed-data/catalog";
import { foodImage } from "@/prisma/seed-data/food-art";
import {
  caseSizeForUnit,
  RESTAURANT_DISCOUNT,
  RETAIL_ONLY_FARMS,
} from "@/prisma/seed-data/fulfilment";
import { hashPassword } from "@/lib/server/auth/password";
import type { SeedLog, Tx } from "./types";

const DAY = 24 * 60 * 60 * 1000;

export type PasswordHashes = { demo: string; partner: string };

/** Every seeded account's email, so the caller can tell which passwords need hashing. */
export const SEED_EMAILS = [
  DEMO_USER.email,
  ...FARMS.map((f) => f.owner.email),
  ...RESTAURANTS.map((r) => r.email),
];

/**
 * argon2id is deliberately slow, so each distinct password is hashed at most once, and only when
 * an account using it still has to be created.
 */
export async function hashesFor(missingEmails: Set<string>): Promise<Partial<PasswordHashes>> {
  const needDemo = missingEmails.has(DEMO_USER.email);
  const needPartner = [...missingEmails].some((e) => e !== DEMO_USER.email);
  const [demo, partner] = await Promise.all([
    needDemo ? hashPassword(DEMO_USER.password) : undefined,
    needPartner ? hashPassword(PARTNER_PASSWORD) : undefined,
  ]);
  return { demo, partner };
}

/** Farmers, restaurants and the demo shopper; email is the natural key and existing rows are left alone. */
export async function ensureUsers(
  tx: Tx,
  hashes: Partial<PasswordHashes>,
  now: Date,
  log: SeedLog,
): Promise<Map<string, number>> {
  const existing = await tx.user.findMany({
    where: { email: { in: SEED_EMAILS } },
    select: { email: true },
  });
  const have = new Set(existing.map((u) => u.email));
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  const farmers = FARMS.filter((f) => !have.has(f.owner.email)).map((f, i) => ({
    ...f.owner,
    userType: "farmer" as const,
    address: f.location,
    verified: true,
    passwordHash: hashes.partner!,
    createdAt: ago(400 - i * 11),
  }));
  const restaurants = RESTAURANTS.filter((r) => !have.has(r.email)).map((r, i) => ({
    fullName: r.fullName,
    email: r.email,
    username: r.username,
    phone: r.phone,
    address: r.address,
    userType: "restaurant" as const,
    verified: true,
    passwordHash: hashes.partner!,
    createdAt: ago(200 - i * 17),
  }));
  const demo = have.has(DEMO_USER.email)
    ? []
    : [
        {
          fullName: DEMO_USER.fullName,
          email: DEMO_USER.email,
          username: DEMO_USER.username,
          phone: DEMO_USER.phone,
          address: DEMO_USER.address,
          userType: "user" as const,
          verified: true,
          passwordHash: hashes.demo!,
          createdAt: ago(30),
        },
      ];
  const data = [...farmers, ...restaurants, ...demo];
  if (data.length) await tx.user.createMany({ data, skipDuplicates: true });
  log(
    `users: ${SEED_EMAILS.length} (${data.length} new: ${farmers.length} farmers, ${restaurants.length} restaurants, ${demo.length} demo)`,
  );

  const rows = await tx.user.findMany({
    where: { email: { in: SEED_EMAILS } },
    select: { id: true, email: true },
  });
  // The demo accounts' addresses count as verified (docs/accounts.md), so their emails go out.
  await tx.emailVerification.createMany({
    data: rows.map((u) => ({ userId: u.id, email: u.email })),
    skipDuplicates: true,
  });
  return new Map(rows.map((u) => [u.email, u.id]));
}

/** One farm per farmer (Farm.userId is unique, so the owner is the natural key). Returns slug → farm id. */
export async function ensureFarms(
  tx: Tx,
  userIds: Map<string, number>,
  log: SeedLog,
): Promise<Map<string, number>> {
  const ownerIds = FARMS.map((f) => userIds.get(f.owner.email)!);
  const existing = await tx.farm.findMany({
    where: { userId: { in: ownerIds } },
    select: { userId: true },
  });
  const have = new Set(existing.map((f) => f.userId));
  const missing = FARMS.filter((f) => !have.has(userIds.get(f.owner.email)!));
  if (missing.length) {
    await tx.farm.createMany({
      data: missing.map((f) => ({
        userId: userIds.get(f.owner.email)!,
        farmName: f.farmName,
        location: f.location,
        description: f.description,
        distance: f.distance,
        rating: f.rating,
        reviewCount: f.reviewCount,
        farmImage: `/images/farms/${f.slug}.svg`,
        gstNumber: f.tax?.gstNumber ?? null,
        pstNumber: f.tax?.pstNumber ?? null,
      })),
    });
  }
  log(`farms: ${FARMS.length} (${missing.length} new)`);

  const rows = await tx.farm.findMany({
    where: { userId: { in: ownerIds } },
    select: { id: true, userId: true },
  });
  const farmIdByOwner = new Map(rows.map((r) => [r.userId, r.id]));
  return new Map(FARMS.map((f) => [f.slug, farmIdByOwner.get(userIds.get(f.owner.email)!)!]));
}

/** Products keyed by (farm, name); a product the farmer renamed or edited is never touched. */
export async function ensureProducts(
  tx: Tx,
  farmIds: Map<string, number>,
  categoryIds: Record<CategoryKey, number>,
  log: SeedLog,
): Promise<void> {
  const existing = await tx.product.findMany({
    where: { farmId: { in: [...farmIds.values()] } },
    select: { farmId: true, name: true },
  });
  const have = new Set(existing.map((p) => `${p.farmId}\u0000${p.name}`));
  const data = FARMS.flatMap((f) => {
    const farmId = farmIds.get(f.slug)!;
    return f.products
      .map((p, i) => ({ p, wholesale: !RETAIL_ONLY_FARMS.has(f.slug) && i % 5 !== 4 }))
      .filter(({ p }) => !have.has(`${farmId}\u0000${p.name}`))
      .map(({ p, wholesale }) => ({
        farmId,
        categoryId: categoryIds[p.category],
        name: p.name,
        description: p.description,
        priceCents: p.priceCents,
        restaurantPriceCents: wholesale ? Math.round(p.priceCents * RESTAURANT_DISCOUNT) : null,
        caseSize: wholesale ? caseSizeForUnit(p.unit) : 1,
        // Beer and wine (cider among them) are liquor; the rest is zero-rated groceries.
        taxClass:
          p.category === "beer" || p.category === "wine" ? ("liquor" as const) : ("zero" as const),
        unit: p.unit,
        stock: p.stock,
        inStock: p.stock > 0,
        isFeatured: p.featured ?? false,
        isPopular: p.popular ?? false,
        image: foodImage(p.image),
      }));
  });
  if (data.length) await tx.product.createMany({ data });
  const total = FARMS.reduce((n, f) => n + f.products.length, 0);
  log(`products: ${total} (${data.length} new)`);
}

/** The seeded restaurants' approved business accounts (their company name is their chat label). */
export async function ensureBusinessAccounts(
  tx: Tx,
  userIds: Map<string, number>,
  log: SeedLog,
): Promise<void> {
  const ids = RESTAURANTS.map((r) => userIds.get(r.email)!);
  const have = new Set(
    (
      await tx.businessAccount.findMany({
        where: { userId: { in: ids } },
        select: { userId: true },
      })
    ).map((a) => a.userId),
  );
  const missing = RESTAURANTS.filter((r) => !have.has(userIds.get(r.email)!));
  if (missing.length) {
    await tx.businessAccount.createMany({
      data: missing.map((r) => ({
        userId: userIds.get(r.email)!,
        ...r.company,
        status: "approved" as const,
        approvedAs: "restaurant" as const,
        decidedAt: new Date(),
      })),
    });
  }
  log(`business accounts: ${RESTAURANTS.length} (${missing.length} new)`);
}
