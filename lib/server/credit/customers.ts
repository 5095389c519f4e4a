import "server-only";
import { centsToDollars, dollarsToCents } from "@/lib/money";
import type { SessionUser } from "@/lib/server/auth/session";
import { db } from "@/lib/server/platform/db";
import { forbidden, notFound } from "@/lib/server/platform/errors";
import { requireOwnFarm } from "@/lib/server/farm/access";
import { inTransaction } from "@/lib/server/platform/transaction";
import type { BuyerCreditLineJson, CreditLineJson, CustomerJson } from "@/lib/contracts/account";
import type { CreditLimitInput } from "@/lib/validators/account";
import { owedCents } from "./credit";
import {
  loadStatementRows,
  partyInclude,
  partyOf,
  serializeStatement,
  statementFigures,
} from "./statements";

/**
 * My Farm → Customers (docs/restaurants.md, "Pay on account"): who buys from the farm, what each
 * owes on account and the credit lines the farm grants. A customer has ordered here, has a standing
 * order here, or holds credit here. Every query is scoped by the farmer's own
 * farm; only restaurants can be given credit.
 */

const MAX_CUSTOMERS = 200;
const STATEMENTS_PER_CUSTOMER = 12;

const creditJson = (limitCents: number, owed: number): CreditLineJson => ({
  limit: centsToDollars(limitCents),
  owed: centsToDollars(owed),
  available: centsToDollars(Math.max(0, limitCents - owed)),
});

async function customersOf(
  farmId: number,
  only?: number,
  now = new Date(),
): Promise<CustomerJson[]> {
  const ordered = await db.$queryRaw<{ buyerId: number; orders: number; lastOrderAt: Date }[]>`
    SELECT "userId" AS "buyerId", COUNT(*)::int AS "orders", MAX("createdAt") AS "lastOrderAt"
    FROM "Order" WHERE "farmId" = ${farmId} AND (${only ?? null}::int IS NULL OR "userId" = ${only ?? null}::int)
    GROUP BY "userId" ORDER BY MAX("createdAt") DESC LIMIT ${MAX_CUSTOMERS}`;
  const lines = await db.creditLine.findMany({
    where: { farmId, ...(only ? { buyerId: only } : {}) },
  });
  const standing = await db.standingOrder.findMany({
    where: { farmId, status: { not: "cancelled" }, ...(only ? { userId: only } : {}) },
    select: { userId: true },
    distinct: ["userId"],
    take: MAX_CUSTOMERS,
  });
  const ids = [
    ...new Set([
      ...ordered.map((o) => o.buyerId),
      ...lines.map((l) => l.buyerId),
      ...standing.map((s) => s.userId),
    ]),
  ];
  const users = new Map(
    (await db.user.findMany({ where: { id: { in: ids } }, ...partyInclude })).map((u) => [u.id, u]),
  );
  // Sums are taken over each statement's cents; the JSON's dollar strings are for showing only.
  const statements = (await loadStatementRows({ farmId, buyerId: { in: ids } }, 10_000)).map(
    (row) => ({ row, ...statementFigures(row, now) }),
  );
  const byOrder = new Map(ordered.map((o) => [o.buyerId, o]));
  const lineOf = new Map(lines.map((l) => [l.buyerId, l]));

  return ids.flatMap((id) => {
    const u = users.get(id);
    if (!u) return [];
    const mine = statements.filter((s) => s.row.buyerId === id);
    const unpaid = mine.filter((s) => s.status !== "paid");
    const owed = unpaid.reduce((sum, s) => sum + s.dueCents, 0);
    const line = lineOf.get(id);
    return [
      {
        ...partyOf(u),
        kind: u.userType === "restaurant" ? ("restaurant" as const) : ("shopper" as const),
        orders: byOrder.get(id)?.orders ?? 0,
        lastOrderAt: byOrder.get(id)?.lastOrderAt.toISOString() ?? null,
        credit: line ? creditJson(line.limitCents, owed) : null,
        owed: centsToDollars(owed),
        overdue: centsToDollars(
          unpaid.filter((s) => s.status === "overdue").reduce((sum, s) => sum + s.dueCents, 0),
        ),
        statements: mine
          .slice(0, STATEMENTS_PER_CUSTOMER)
          .map((s) => serializeStatement(s.row, now)),
      },
    ];
  });
}

/** GET /api/my-farm/customers */
export async function listCustomers(user: SessionUser): Promise<CustomerJson[]> {
  const farm = await requireOwnFarm(user);
  return customersOf(farm.id);
}

/** A buyer of this farm (ordered here, has a standing order here or holds credit here); anyone else is the 404 of an unknown id. */
async function customerOf(farmId: number, buyerId: number) {
  const [row] = await customersOf(farmId, buyerId);
  if (!row) throw notFound("Customer not found");
  return row;
}

/** PUT /api/my-farm/customers/{buyerId}/credit */
export async function setCreditLimit(
  user: SessionUser,
  buyerId: number,
  input: CreditLimitInput,
): Promise<CustomerJson> {
  const farm = await requireOwnFarm(user);
  const customer = await customerOf(farm.id, buyerId);
  if (customer.kind !== "restaurant")
    throw forbidden("Only restaurants can buy on account: this buyer has no business account");
  const limitCents = dollarsToCents(input.limit);
  await inTransaction((tx) =>
    tx.creditLine.upsert({
      where: { farmId_buyerId: { farmId: farm.id, buyerId } },
      create: { farmId: farm.id, buyerId, limitCents },
      update: { limitCents },
    }),
  );
  return customerOf(farm.id, buyerId);
}

/** DELETE /api/my-farm/customers/{buyerId}/credit: statements already on the books stay to be paid. */
export async function removeCreditLine(user: SessionUser, buyerId: number): Promise<CustomerJson> {
  const farm = await requireOwnFarm(user);
  await customerOf(farm.id, buyerId);
  await db.creditLine.deleteMany({ where: { farmId: farm.id, buyerId } });
  return customerOf(farm.id, buyerId);
}

/** GET /api/credit-lines: the buyer's credit at each farm that granted one. */
export async function listCreditLines(userId: number): Promise<BuyerCreditLineJson[]> {
  const lines = await db.creditLine.findMany({
    where: { buyerId: userId },
    include: { farm: { select: { id: true, farmName: true } } },
    orderBy: { farmId: "asc" },
  });
  return Promise.all(
    lines.map(async (l) => ({
      farm: l.farm,
      ...creditJson(l.limitCents, await owedCents(db, l.farmId, userId)),
    })),
  );
}
