import "server-only";
import { recordOrderEarnings } from "@/lib/server/payments/farm-ledger";
import { DateTime } from "luxon";
import { zoneOf } from "@/lib/server/tz-zone";
import { centsToDollars } from "@/lib/money";
import { farmTaxNumbers, taxLinesJson } from "@/lib/tax";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/server/auth/session";
import { db } from "@/lib/server/platform/db";
import { AppError, conflict, forbidden, notFound } from "@/lib/server/platform/errors";
import { withIdempotency, type IdempotentResult } from "@/lib/server/platform/idempotency";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import { formatCents, serializeWallet } from "@/lib/server/wallet/serialize";
import type {
  PayStatementResult,
  StatementDetailJson,
  StatementSummaryJson,
} from "@/lib/contracts/account";
import type { StatementStatus } from "@/lib/validators/account";
import { periodLabel, periodOf } from "./credit";

/**
 * Monthly statements (docs/restaurants.md, "Statements"). Each order on account lands on its
 * buyer's statement at its farm for the month it was placed (farm's zone). A statement's total is
 * the sum of its orders that are not cancelled, read from the orders every time, so it always adds
 * up. Only its buyer and its farm see it; anyone else gets the 404 of an unknown id.
 */

export const partyInclude = {
  select: {
    id: true,
    fullName: true,
    userType: true,
    businessAccount: { select: { companyName: true, status: true } },
  },
} satisfies Prisma.UserDefaultArgs;

type PartyRow = {
  id: number;
  fullName: string;
  userType: string;
  businessAccount: { companyName: string; status: string } | null;
};

export const partyOf = (u: PartyRow) => ({
  id: u.id,
  name: u.fullName,
  company: u.businessAccount?.status === "approved" ? u.businessAccount.companyName : null,
});

const summaryInclude = {
  farm: {
    select: {
      id: true,
      farmName: true,
      timeZone: true,
      location: true,
      gstNumber: true,
      smallSupplier: true,
      pstNumber: true,
    },
  },
  buyer: partyInclude,
  orders: { select: { id: true, status: true, totalCents: true }, orderBy: { id: "asc" } },
} satisfies Prisma.StatementInclude;

type StatementRow = Prisma.StatementGetPayload<{ include: typeof summaryInclude }>;

/** Cents of the statement's orders that are not cancelled. */
export const totalOf = (orders: { status: string; totalCents: number }[]) =>
  orders.reduce((sum, o) => sum + (o.status === "cancelled" ? 0 : o.totalCents), 0);

function statusOf(s: StatementRow, totalCents: number, now: Date): StatementStatus {
  if (s.paidAt) return "paid";
  if (s.period >= periodOf(now, s.farm.timeZone)) return "open";
  if (totalCents === 0) return "paid";
  const today = DateTime.fromJSDate(now, { zone: zoneOf(s.farm.timeZone) }).toISODate()!;
  return today > s.dueDate ? "overdue" : "issued";
}

/** Why the buyer cannot pay it now, or null. */
function notPayable(s: StatementRow, status: StatementStatus): string | null {
  if (status === "paid")
    return s.paidAt ? "This statement is paid" : "Nothing is owed on this statement";
  if (status === "open")
    return `This statement is still open: it closes at the end of ${periodLabel(s.period)}`;
  const waiting = s.orders.find((o) => o.status === "active");
  if (waiting)
    return `Order #${waiting.id} is not handed over yet: the statement can be paid once every order on it is completed or cancelled`;
  return null;
}

export const statementNumber = (id: number) => `ST-${String(id).padStart(6, "0")}`;

/** A statement's figures in cents: what its JSON shows and what sums over statements add up. */
export function statementFigures(s: StatementRow, now = new Date()) {
  const totalCents = totalOf(s.orders);
  const status = statusOf(s, totalCents, now);
  return { totalCents, dueCents: s.paidAt ? 0 : totalCents, status };
}

export function serializeStatement(s: StatementRow, now = new Date()): StatementSummaryJson {
  const { totalCents, dueCents, status } = statementFigures(s, now);
  const reason = notPayable(s, status);
  return {
    id: s.id,
    number: statementNumber(s.id),
    farm: { id: s.farm.id, farmName: s.farm.farmName },
    buyer: partyOf(s.buyer),
    period: s.period,
    periodLabel: periodLabel(s.period),
    dueDate: s.dueDate,
    status,
    total: centsToDollars(totalCents),
    paid: centsToDollars(s.paidCents),
    due: centsToDollars(dueCents),
    orderCount: s.orders.length,
    paidAt: s.paidAt?.toISOString() ?? null,
    payable: reason === null,
    notPayableReason: reason,
  };
}

/** Statement rows matching `where`, newest period first. */
export const loadStatementRows = (where: Prisma.StatementWhereInput, take = 100) =>
  db.statement.findMany({
    where,
    include: summaryInclude,
    orderBy: [{ period: "desc" }, { id: "desc" }],
    take,
  });

/** Statements matching `where`, newest period first. */
export async function loadStatements(
  where: Prisma.StatementWhereInput,
  take = 100,
  now = new Date(),
): Promise<StatementSummaryJson[]> {
  const rows = await loadStatementRows(where, take);
  return rows.map((s) => serializeStatement(s, now));
}

/** GET /api/invoices: the buyer's statements. */
export const listInvoices = (userId: number) => loadStatements({ buyerId: userId });

const detailInclude = {
  ...summaryInclude,
  orders: {
    orderBy: { id: "asc" },
    include: {
      items: { orderBy: { id: "asc" } },
      fulfilment: { select: { localDate: true, feeCents: true } },
    },
  },
} satisfies Prisma.StatementInclude;

/** The statement if `user` is its buyer or its farm's farmer; otherwise the 404 of an unknown id. */
async function visibleStatement(user: Pick<SessionUser, "id">, statementId: number) {
  const s = await db.statement.findFirst({
    where: { id: statementId, OR: [{ buyerId: user.id }, { farm: { userId: user.id } }] },
    include: detailInclude,
  });
  if (!s) throw notFound("Statement not found");
  return s;
}

type DetailRow = Prisma.StatementGetPayload<{ include: typeof detailInclude }>;

function serializeDetail(s: DetailRow, now = new Date()): StatementDetailJson {
  return {
    ...serializeStatement(s, now),
    farmLocation: s.farm.location,
    farmTaxNumbers: farmTaxNumbers(s.farm),
    lines: s.orders.map((o) => ({
      orderId: o.id,
      placedAt: o.createdAt.toISOString(),
      handoverDate: o.fulfilment?.localDate ?? null,
      handedOverAt: o.status === "completed" ? (o.completedAt?.toISOString() ?? null) : null,
      status: o.status,
      items: o.items.map((i) => ({
        productName: i.productName,
        quantity: i.quantity,
        price: centsToDollars(i.priceCents),
        subtotal: centsToDollars(i.priceCents * i.quantity),
      })),
      fee: centsToDollars(o.fulfilment?.feeCents ?? 0),
      taxes: o.status === "cancelled" ? [] : taxLinesJson(o.taxes),
      total: centsToDollars(o.status === "cancelled" ? 0 : o.totalCents),
    })),
  };
}

/** GET /api/invoices/{id} */
export async function getInvoice(
  user: Pick<SessionUser, "id">,
  statementId: number,
  now = new Date(),
): Promise<StatementDetailJson> {
  return serializeDetail(await visibleStatement(user, statementId), now);
}

/** The statement with every line, for the PDF. */
export async function invoiceForDocument(user: Pick<SessionUser, "id">, statementId: number) {
  const s = await visibleStatement(user, statementId);
  return { statement: s, json: serializeDetail(s) };
}

/**
 * POST /api/invoices/{id}/pay (docs/money.md, "Statements"): the buyer pays what the statement
 * owes from the wallet as ONE ledger row (type `order`, reference `STATEMENT-<id>`), marks it and
 * its orders paid, in one transaction that first locks the statement row: racing pays queue there
 * and the later ones find it paid (409). With an Idempotency-Key a double submit replays the first
 * answer. Refused pays write nothing.
 */
export function payInvoice(
  userId: number,
  statementId: number,
  idempotencyKey?: string,
  now = new Date(),
): Promise<IdempotentResult<PayStatementResult>> {
  return withIdempotency<PayStatementResult>(
    userId,
    `invoices.pay.${statementId}`,
    idempotencyKey,
    { statementId },
    async (tx) => {
      const [locked] = await tx.$queryRaw<{ buyerId: number; farmUserId: number }[]>`
      SELECT s."buyerId", f."userId" AS "farmUserId" FROM "Statement" s JOIN "Farm" f ON f."id" = s."farmId"
      WHERE s."id" = ${statementId} FOR UPDATE OF s`;
      if (!locked || (locked.buyerId !== userId && locked.farmUserId !== userId))
        throw notFound("Statement not found");
      if (locked.buyerId !== userId) throw forbidden("Only the buyer pays a statement");

      const s = await tx.statement.findUniqueOrThrow({
        where: { id: statementId },
        include: detailInclude,
      });
      const summary = serializeStatement(s, now);
      if (summary.notPayableReason) throw conflict(summary.notPayableReason);

      const totalCents = totalOf(s.orders);
      await ensureWallet(tx, userId);
      const paid = await applyBalanceChange(tx, userId, -totalCents, {
        type: "order",
        description: `Statement ${statementNumber(s.id)} from ${s.farm.farmName} (${periodLabel(s.period)})`,
        reference: `STATEMENT-${s.id}`,
      });
      if (!paid) {
        const wallet = await tx.wallet.findUniqueOrThrow({ where: { userId } });
        throw new AppError(
          "insufficient_funds",
          `Insufficient balance: this statement is ${formatCents(totalCents)} but your wallet holds ${formatCents(wallet.balanceCents)}. Top up your wallet and try again.`,
        );
      }
      await tx.statement.update({
        where: { id: s.id },
        data: { paidAt: now, paidCents: totalCents },
      });
      await tx.order.updateMany({
        where: { statementId: s.id, status: { not: "cancelled" } },
        data: { isPaid: true },
      });
      await recordOrderEarnings(
        tx,
        s.orders.map((o) => o.id),
        now,
      );
      const after = await tx.statement.findUniqueOrThrow({
        where: { id: s.id },
        include: detailInclude,
      });
      return { statement: serializeDetail(after, now), wallet: serializeWallet(paid.wallet) };
    },
  );
}
