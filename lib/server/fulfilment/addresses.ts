import "server-only";
import { db } from "@/lib/server/platform/db";
import { conflict, notFound } from "@/lib/server/platform/errors";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import type { AddressJson } from "@/lib/contracts/fulfilment";
import {
  MAX_ADDRESSES,
  type AddressInput,
  type AddressUpdateInput,
} from "@/lib/validators/fulfilment";
import { serializeAddress } from "./serialize";

/**
 * Profile → Address: the buyer's delivery addresses (docs/fulfilment.md). Every query is scoped to
 * the signed-in user; someone else's address id is a 404. At most one address is the default: the
 * first one added, or the one last marked so.
 */
export async function listAddresses(userId: number): Promise<AddressJson[]> {
  const rows = await db.address.findMany({
    where: { userId },
    orderBy: [{ isDefault: "desc" }, { id: "asc" }],
  });
  return rows.map(serializeAddress);
}

async function lockUser(tx: Tx, userId: number) {
  // Serialises one user's address-book writes (the count limit and the single default).
  await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
}

export function createAddress(userId: number, input: AddressInput): Promise<AddressJson> {
  return inTransaction(async (tx) => {
    await lockUser(tx, userId);
    const count = await tx.address.count({ where: { userId } });
    if (count >= MAX_ADDRESSES)
      throw conflict(`You can keep at most ${MAX_ADDRESSES} addresses: remove one first`);
    const isDefault = input.isDefault || count === 0;
    if (isDefault)
      await tx.address.updateMany({
        where: { userId, isDefault: true },
        data: { isDefault: false },
      });
    return serializeAddress(await tx.address.create({ data: { userId, ...input, isDefault } }));
  });
}

export function updateAddress(
  userId: number,
  id: number,
  input: AddressUpdateInput,
): Promise<AddressJson> {
  return inTransaction(async (tx) => {
    await lockUser(tx, userId);
    const current = await tx.address.findFirst({ where: { id, userId } });
    if (!current) throw notFound("Address not found");
    if (input.isDefault)
      await tx.address.updateMany({
        where: { userId, isDefault: true, NOT: { id } },
        data: { isDefault: false },
      });
    // The default stays put unless another address is made the default.
    const isDefault =
      input.isDefault === false && current.isDefault
        ? true
        : (input.isDefault ?? current.isDefault);
    return serializeAddress(
      await tx.address.update({ where: { id }, data: { ...input, isDefault } }),
    );
  });
}

export function deleteAddress(userId: number, id: number): Promise<{ ok: true }> {
  return inTransaction(async (tx) => {
    await lockUser(tx, userId);
    const current = await tx.address.findFirst({ where: { id, userId } });
    if (!current) throw notFound("Address not found");
    await tx.address.delete({ where: { id } });
    if (current.isDefault) {
      const next = await tx.address.findFirst({ where: { userId }, orderBy: { id: "asc" } });
      if (next) await tx.address.update({ where: { id: next.id }, data: { isDefault: true } });
    }
    return { ok: true as const };
  });
}
