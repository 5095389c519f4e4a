import crypto from "node:crypto";
import { db } from "@/lib/server/platform/db";
import { hashPassword } from "@/lib/server/auth/password";
import { createSession } from "@/lib/server/auth/session";
import type { TaxClass, UserType } from "@/lib/generated/prisma/client";

let n = 0;
const unique = () =>
  `${Date.now().toString(36)}${(n++).toString(36)}${crypto.randomBytes(2).toString("hex")}`;
let cachedHash: Promise<string> | undefined;

export const TEST_PASSWORD = "harvest-moon-2026";

/** A real user row (argon2id hash of TEST_PASSWORD unless a password is given). */
export async function createUser(
  over: Partial<{
    fullName: string;
    email: string;
    username: string | null;
    userType: UserType;
    address: string;
    phone: string;
    password: string;
    /** Whether the email is verified (docs/accounts.md); most tests need emails to reach people. */
    emailVerified: boolean;
  }> = {},
) {
  const id = unique();
  const passwordHash = over.password
    ? await hashPassword(over.password)
    : await (cachedHash ??= hashPassword(TEST_PASSWORD));
  const email = (over.email ?? `user-${id}@example.test`).toLowerCase();
  return db.user.create({
    data: {
      fullName: over.fullName ?? `Test User ${id}`,
      email,
      username: over.username === null ? null : (over.username ?? `user_${id}`),
      userType: over.userType ?? "user",
      address: over.address,
      phone: over.phone,
      passwordHash,
      ...(over.emailVerified === false ? {} : { emailVerification: { create: { email } } }),
    },
  });
}

/** A live session for the user, as the cookie header a browser would send. */
export async function sessionCookie(userId: number): Promise<string> {
  const s = await createSession(userId, false, "vitest");
  return `${s.name}=${s.value}`;
}

export async function createUserWithSession(over: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(over);
  return { user, cookie: await sessionCookie(user.id) };
}

/**
 * A farmer with a farm and a session, shaped like createUserWithSession. Anyone may write to a
 * farm; a chat between two non-farmers needs an order or an earlier conversation first.
 */
export async function createFarmerWithSession(over: Parameters<typeof createFarm>[0] = {}) {
  const { owner, farm } = await createFarm(over);
  return { user: owner, farm, cookie: await sessionCookie(owner.id) };
}

export async function createFarm(
  over: Partial<{ farmName: string; location: string; distance: number; rating: number }> = {},
) {
  const owner = await createUser({
    userType: "farmer",
    address: over.location ?? "1200 Farm Rd, Kelowna, BC",
  });
  const farm = await db.farm.create({
    data: {
      userId: owner.id,
      farmName: over.farmName ?? `Farm ${unique()}`,
      location: over.location ?? "1200 Farm Rd, Kelowna, BC",
      distance: over.distance ?? 3.2,
      rating: over.rating ?? 4.5,
      reviewCount: 12,
      description: "A test farm",
    },
  });
  return { owner, farm };
}

export async function createProduct(
  farmId: number,
  over: Partial<{
    name: string;
    priceCents: number;
    stock: number;
    inStock: boolean;
    isFeatured: boolean;
    isPopular: boolean;
    categoryId: number | null;
    description: string;
    isHidden: boolean;
    taxClass: TaxClass;
  }> = {},
) {
  return db.product.create({
    data: {
      farmId,
      name: over.name ?? `Product ${unique()}`,
      description: over.description ?? "Fresh from the field",
      priceCents: over.priceCents ?? 450,
      unit: "lb",
      stock: over.stock ?? 100,
      inStock: over.inStock ?? true,
      isFeatured: over.isFeatured ?? false,
      isPopular: over.isPopular ?? false,
      isHidden: over.isHidden ?? false,
      categoryId: over.categoryId ?? null,
      taxClass: over.taxClass,
    },
  });
}

/** Registers the farm for GST and PST, with the numbers its receipts and statements show. */
export function setTaxNumbers(farmId: number, gstNumber: string, pstNumber: string) {
  return db.farm.update({ where: { id: farmId }, data: { gstNumber, pstNumber } });
}
