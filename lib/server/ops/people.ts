import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import type { OpsPersonDetailJson, OpsPersonJson } from "@/lib/contracts/ops";
import { centsToDollars } from "@/lib/money";
import { sessionsOf } from "@/lib/server/auth/sessions";
import { db } from "@/lib/server/platform/db";
import { notFound } from "@/lib/server/platform/errors";
import { escapeLike } from "@/lib/server/platform/like";
import { listTransactions } from "@/lib/server/wallet/get-wallet";
import { openHolds } from "./wallet-holds";

/** The ops console's People screen (docs/operations.md): search, then one person's detail. */
const serializePerson = (u: User): OpsPersonJson => ({
  id: u.id,
  fullName: u.fullName,
  email: u.email,
  userType: u.userType,
  role: u.role,
  createdAt: u.createdAt.toISOString(),
});

export async function searchPeople(q: string): Promise<OpsPersonJson[]> {
  const like = escapeLike(q);
  const rows = await db.user.findMany({
    where: {
      OR: [
        { email: { contains: like, mode: "insensitive" } },
        { fullName: { contains: like, mode: "insensitive" } },
      ],
    },
    orderBy: { id: "asc" },
    take: 20,
  });
  return rows.map(serializePerson);
}

export async function personDetail(userId: number): Promise<OpsPersonDetailJson> {
  const user = await db.user.findUnique({ where: { id: userId }, include: { wallet: true } });
  if (!user) throw notFound("Person not found");
  const [sessions, ledger, holds] = await Promise.all([
    sessionsOf(userId),
    listTransactions(userId, { limit: 20 }),
    openHolds(userId),
  ]);
  return {
    person: serializePerson(user),
    balance: centsToDollars(user.wallet?.balanceCents ?? 0),
    holds,
    sessions,
    ledger: ledger.items,
  };
}
