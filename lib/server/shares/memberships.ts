import "server-only";
import { centsToDollars, formatCents } from "@/lib/money";
import { db } from "@/lib/server/platform/db";
import { AppError, badRequest, conflict, forbidden, notFound } from "@/lib/server/platform/errors";
import { withIdempotency } from "@/lib/server/platform/idempotency";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import type { SessionUser } from "@/lib/server/auth/session";
import type { MembershipJson } from "@/lib/contracts/shares";
import type { BoxSwapsInput, JoinShareInput } from "@/lib/validators/shares";
import { releaseHold } from "@/lib/server/stock/stock";
import { boxPriced, contentsOf, memberBoxJson, syncMemberHold } from "./boxes";
import { boxLinesOf } from "./lines";
import { loadPlan, planSchedule, type PlanRow } from "./plans";
import { prepaidToWallet, walletToPrepaid } from "./prepaid";
import { isBoxDate } from "./schedule";

/**
 * Farm share memberships (docs/shares.md, "Members"): join, the next box, swaps, nevers, skips,
 * pauses and cancels. Every query is scoped to the signed-in member (another's id is 404); every
 * write locks the membership's row first, the lock the worker claims with SKIP LOCKED, so a
 * member's change never races the placement of their box.
 */
type MemberRow = NonNullable<Awaited<ReturnType<typeof loadMine>>>;

function loadMine(client: Tx | typeof db, id: number, userId: number) {
  return client.shareMembership.findFirst({
    where: { id, userId },
    include: {
      plan: {
        include: {
          farm: { select: { id: true, farmName: true, timeZone: true, userId: true } },
          boxes: { orderBy: { localDate: "asc" } },
        },
      },
      instalmentDue: { orderBy: { dueDate: "asc" } },
      boxes: { where: { status: { not: null } }, orderBy: { localDate: "desc" }, take: 5 },
    },
  });
}

async function serializeMembership(
  client: Tx | typeof db,
  m: MemberRow,
  now: Date,
): Promise<MembershipJson> {
  const plan = m.plan as PlanRow;
  const { open } = await planSchedule(client, plan, now);
  // A paused member's next box is the first one on or after the date they come back.
  const next =
    m.status === "cancelled"
      ? undefined
      : open.find(
          (d) => m.status !== "paused" || (m.pausedUntil !== null && d.date >= m.pausedUntil),
        );
  return {
    id: m.id,
    plan: {
      id: plan.id,
      name: plan.name,
      boxPrice: centsToDollars(plan.boxPriceCents),
      everyWeeks: plan.everyWeeks === 2 ? 2 : 1,
      seasonEnd: plan.seasonEnd,
    },
    farm: { id: plan.farm.id, farmName: plan.farm.farmName },
    status: m.status,
    payment: m.payment,
    pausedUntil: m.pausedUntil,
    skipsLeft: Math.max(0, plan.skipsPerSeason - m.skipsUsed),
    prepaid:
      m.payment === "season"
        ? {
            boxesLeft: m.boxesLeft,
            balance: centsToDollars(m.prepaidCents),
            instalments: m.instalmentDue.map((i) => ({
              dueDate: i.dueDate,
              amount: centsToDollars(i.amountCents),
              paid: i.paidAt !== null,
            })),
          }
        : null,
    nextBox: next ? await memberBoxJson(client, plan, m, next.date, next.cutoff) : null,
    recent: m.boxes.map((b) => ({
      date: b.localDate,
      status: b.status!,
      orderId: b.orderId,
      reason: b.reason,
    })),
  };
}

/** The member's own membership, read again after a write. */
async function answer(tx: Tx, id: number, userId: number, now: Date) {
  return serializeMembership(tx, (await loadMine(tx, id, userId))!, now);
}

/** Locks the member's own membership (404 for anyone else's) and runs `write` with it. */
function memberWrite<T>(
  user: SessionUser,
  id: number,
  write: (tx: Tx, m: MemberRow) => Promise<T>,
  tx?: Tx,
): Promise<T> {
  const run = async (t: Tx) => {
    const [locked] = await t.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "ShareMembership" WHERE "id" = ${id} AND "userId" = ${user.id} FOR UPDATE`;
    if (!locked) throw notFound("Farm share not found");
    return write(t, (await loadMine(t, id, user.id))!);
  };
  return tx ? run(tx) : inTransaction(run);
}

/** A box date of the member's plan whose cutoff is ahead, or the reason it is not. */
async function openBox(tx: Tx, m: MemberRow, date: string, now: Date) {
  const plan = m.plan as PlanRow;
  if (!isBoxDate(plan, date)) throw notFound("Box not found");
  const { open } = await planSchedule(tx, plan, now);
  const box = open.find((d) => d.date === date);
  if (!box) throw conflict("This box's cutoff has passed: it can no longer change");
  return box;
}

function requireBuyer(user: SessionUser) {
  if (user.userType === "farmer")
    throw forbidden("Farm shares are for shoppers and restaurants: sign in with a buyer account");
}

/** Splits `total` into `n` equal parts, the first taking the odd cents. */
function parts(total: number, n: number): number[] {
  const each = Math.floor(total / n);
  return [total - each * (n - 1), ...Array.from({ length: n - 1 }, () => each)];
}

/** POST /api/shares/{planId}/members. */
export async function joinShare(
  user: SessionUser,
  planId: number,
  input: JoinShareInput,
  idempotencyKey: string | undefined,
  now: Date,
) {
  requireBuyer(user);
  return withIdempotency(user.id, "shares.join", idempotencyKey, { planId, input }, async (tx) => {
    const plan = await loadPlan(tx, { id: planId });
    if (!plan) throw notFound("Share plan not found");
    if (!plan.payments.includes(input.payment))
      throw badRequest(`This share is paid ${plan.payments.join(" or ")}`, {
        payment: `This share is paid ${plan.payments.join(" or ")}`,
      });
    const { window, open } = await planSchedule(tx, plan, now);
    if (!window || !open.length)
      throw conflict("This share's season is over: no box is left to join");

    let addressId: number | null = null;
    if (plan.kind === "delivery") {
      const address =
        input.addressId === undefined
          ? null
          : await tx.address.findFirst({ where: { id: input.addressId, userId: user.id } });
      if (!address)
        throw badRequest("Choose one of your delivery addresses", {
          addressId: "Choose one of your delivery addresses",
        });
      addressId = address.id;
    }

    // The spot: a conditional UPDATE, so parallel joins queue on the plan's row and never pass capacity.
    const taken = await tx.$executeRaw`
      UPDATE "SharePlan" SET "memberCount" = "memberCount" + 1
      WHERE "id" = ${planId} AND "memberCount" < "capacity"`;
    if (!taken)
      throw new AppError("share_full", `${plan.name} is full: no spot is left this season`);
    const live = await tx.shareMembership.findFirst({
      where: { planId, userId: user.id, status: { not: "cancelled" } },
    });
    if (live) throw conflict("You are already a member of this share");

    // Never more instalments than boxes left: each later one falls on a box date of its own.
    const instalments =
      input.payment === "season" ? Math.min(input.instalments ?? 1, open.length) : 1;
    const m = await tx.shareMembership.create({
      data: {
        planId,
        userId: user.id,
        payment: input.payment,
        pickupPointId: plan.kind === "pickup" ? plan.pickupPointId : null,
        addressId,
        instalments,
        boxesLeft: input.payment === "season" ? open.length : 0,
      },
    });
    if (input.payment === "season") {
      const total = open.length * plan.boxPriceCents;
      const amounts = parts(total, instalments);
      await walletToPrepaid(
        tx,
        m,
        amounts[0],
        `${plan.name}: ${open.length} boxes${instalments > 1 ? `, instalment 1 of ${instalments}` : ""}`,
      );
      // Later instalments on box dates spread through the season, charged on that date's cutoff day.
      for (let k = 1; k < instalments; k++) {
        const at = open[Math.floor((k * open.length) / instalments)];
        await tx.shareInstalment.create({
          data: { membershipId: m.id, dueDate: at.date, amountCents: amounts[k] },
        });
      }
    }
    await syncMemberHold(tx, m.id, now);
    return answer(tx, m.id, user.id, now);
  });
}

export async function myShares(user: SessionUser, now: Date): Promise<MembershipJson[]> {
  const rows = await db.shareMembership.findMany({
    where: { userId: user.id, status: { not: "cancelled" } },
    select: { id: true },
    orderBy: { id: "desc" },
  });
  return Promise.all(
    rows.map(async ({ id }) => serializeMembership(db, (await loadMine(db, id, user.id))!, now)),
  );
}

/** One of the member's own shares as /shares shows it (another's is 404). */
export async function myShare(user: SessionUser, id: number, now: Date): Promise<MembershipJson> {
  const m = await loadMine(db, id, user.id);
  if (!m) throw notFound("Farm share not found");
  return serializeMembership(db, m, now);
}

/** PUT /api/me/shares/{id}/boxes/{date}. */
export function swapBox(
  user: SessionUser,
  id: number,
  date: string,
  input: BoxSwapsInput,
  now: Date,
) {
  return memberWrite(user, id, async (tx, m) => {
    if (m.status === "cancelled") throw conflict("This share is cancelled");
    await openBox(tx, m, date, now);
    const box = m.plan.boxes.find((b) => b.localDate === date && b.publishedAt);
    if (!box) throw conflict("The farm has not published this box yet: swaps open when it does");
    const priced = await boxPriced(tx, box);
    const c = contentsOf(box, m, { swaps: input.swaps, skipped: false, status: null }, priced);
    if (c.swaps.length !== input.swaps.length)
      throw badRequest("Swap an item of your box for one of its swap options", {
        swaps: "Swap an item of your box for one of its swap options",
      });
    await tx.shareBoxChoice.upsert({
      where: { membershipId_localDate: { membershipId: m.id, localDate: date } },
      create: { membershipId: m.id, localDate: date, swaps: input.swaps },
      update: { swaps: input.swaps },
    });
    await syncMemberHold(tx, m.id, now);
    return answer(tx, m.id, user.id, now);
  });
}

/** PUT /api/me/shares/{id}/never. */
export function setNever(user: SessionUser, id: number, productIds: number[], now: Date) {
  return memberWrite(user, id, async (tx, m) => {
    if (m.status === "cancelled") throw conflict("This share is cancelled");
    const known = await tx.product.count({
      where: { id: { in: productIds }, farmId: m.plan.farmId },
    });
    if (known !== new Set(productIds).size)
      throw badRequest("Choose products of this farm", {
        productIds: "Choose products of this farm",
      });
    await tx.shareMembership.update({
      where: { id: m.id },
      data: { never: [...new Set(productIds)] },
    });
    await syncMemberHold(tx, m.id, now);
    return answer(tx, m.id, user.id, now);
  });
}

/** POST /api/me/shares/{id}/skip: within the season's skips; a prepaid box goes back to the wallet. */
export function skipBox(
  user: SessionUser,
  id: number,
  date: string,
  idempotencyKey: string | undefined,
  now: Date,
) {
  return withIdempotency(user.id, `shares.skip.${id}`, idempotencyKey, { date }, (tx) =>
    memberWrite(
      user,
      id,
      async (t, m) => {
        if (m.status === "cancelled") throw conflict("This share is cancelled");
        await openBox(t, m, date, now);
        const choice = await t.shareBoxChoice.findUnique({
          where: { membershipId_localDate: { membershipId: m.id, localDate: date } },
        });
        if (choice?.skipped) return answer(t, m.id, user.id, now);
        if (m.skipsUsed >= m.plan.skipsPerSeason)
          throw conflict(
            m.plan.skipsPerSeason
              ? `You have used all ${m.plan.skipsPerSeason} skips of this season: pause the share instead`
              : "This share has no skips: pause it instead",
          );
        await t.shareBoxChoice.upsert({
          where: { membershipId_localDate: { membershipId: m.id, localDate: date } },
          create: { membershipId: m.id, localDate: date, skipped: true },
          update: { skipped: true },
        });
        await t.shareMembership.update({
          where: { id: m.id },
          data: { skipsUsed: { increment: 1 } },
        });
        if (m.payment === "season" && m.boxesLeft > 0) await creditBox(t, m, date);
        await syncMemberHold(t, m.id, now);
        return answer(t, m.id, user.id, now);
      },
      tx,
    ),
  );
}

/** A prepaid box not taken (skipped, paused, or cancelled with the share): its price to the wallet. */
export async function creditBox(
  tx: Tx,
  m: { id: number; userId: number; plan: { name: string; boxPriceCents: number } },
  date: string,
) {
  const [row] = await tx.$queryRaw<{ prepaidCents: number }[]>`
    UPDATE "ShareMembership" SET "boxesLeft" = "boxesLeft" - 1
    WHERE "id" = ${m.id} AND "boxesLeft" > 0 RETURNING "prepaidCents"`;
  if (!row) return;
  const cents = Math.min(row.prepaidCents, m.plan.boxPriceCents);
  if (cents > 0) await prepaidToWallet(tx, m, cents, `${m.plan.name}: box of ${date} not taken`);
}

/** DELETE /api/me/shares/{id}/skip?date=: the box comes after all; a prepaid one is paid back in. */
export function unskipBox(
  user: SessionUser,
  id: number,
  date: string,
  idempotencyKey: string | undefined,
  now: Date,
) {
  return withIdempotency(user.id, `shares.unskip.${id}`, idempotencyKey, { date }, (tx) =>
    memberWrite(
      user,
      id,
      async (t, m) => {
        await openBox(t, m, date, now);
        const choice = await t.shareBoxChoice.findUnique({
          where: { membershipId_localDate: { membershipId: m.id, localDate: date } },
        });
        if (!choice?.skipped) return answer(t, m.id, user.id, now);
        await t.shareBoxChoice.update({ where: { id: choice.id }, data: { skipped: false } });
        await t.shareMembership.update({
          where: { id: m.id },
          data: { skipsUsed: { decrement: 1 } },
        });
        // Only a box the skip credited is paid back (the ledger says which).
        const credited = await t.shareLedgerEntry.findFirst({
          where: { membershipId: m.id, description: `${m.plan.name}: box of ${date} not taken` },
          orderBy: { id: "desc" },
        });
        if (m.payment === "season" && credited && credited.amountCents < 0) {
          const cents = -credited.amountCents;
          await walletToPrepaid(t, m, cents, `${m.plan.name}: box of ${date} taken after all`);
          await t.shareMembership.update({
            where: { id: m.id },
            data: { boxesLeft: { increment: 1 } },
          });
        }
        await syncMemberHold(t, m.id, now);
        return answer(t, m.id, user.id, now);
      },
      tx,
    ),
  );
}

/** POST /api/me/shares/{id}/pause {until}. */
export function pauseShare(user: SessionUser, id: number, until: string, now: Date) {
  return memberWrite(user, id, async (tx, m) => {
    if (m.status === "cancelled") throw conflict("This share is cancelled");
    const { open } = await planSchedule(tx, m.plan as PlanRow, now);
    if (!open.length || until <= open[0].date)
      throw badRequest("Pause until a date after your next box", {
        until: "Pause until a date after your next box",
      });
    await tx.shareMembership.update({
      where: { id: m.id },
      data: { status: "paused", pausedUntil: until },
    });
    await syncMemberHold(tx, m.id, now);
    return answer(tx, m.id, user.id, now);
  });
}

export function resumeShare(user: SessionUser, id: number, now: Date) {
  return memberWrite(user, id, async (tx, m) => {
    if (m.status !== "paused") throw conflict("This share is not paused");
    await tx.shareMembership.update({
      where: { id: m.id },
      data: { status: "active", pausedUntil: null },
    });
    await syncMemberHold(tx, m.id, now);
    return answer(tx, m.id, user.id, now);
  });
}

/** DELETE /api/me/shares/{id}: the spot freed, the hold given back, the prepaid balance refunded. */
export function cancelShare(
  user: SessionUser,
  id: number,
  idempotencyKey: string | undefined,
  now: Date,
) {
  return withIdempotency(user.id, `shares.cancel.${id}`, idempotencyKey, {}, (tx) =>
    memberWrite(
      user,
      id,
      async (t, m) => {
        if (m.status === "cancelled") throw conflict("This share is already cancelled");
        await t.$executeRaw`
          UPDATE "SharePlan" SET "memberCount" = "memberCount" - 1 WHERE "id" = ${m.planId}`;
        await t.shareMembership.update({
          where: { id: m.id },
          data: { status: "cancelled", cancelledAt: now, boxesLeft: 0 },
        });
        await t.shareInstalment.deleteMany({ where: { membershipId: m.id, paidAt: null } });
        if (m.prepaidCents > 0)
          await prepaidToWallet(
            t,
            m,
            m.prepaidCents,
            `${m.plan.name}: ${m.boxesLeft} unplaced boxes refunded (${formatCents(m.prepaidCents)})`,
          );
        await releaseHold(t, { shareMembershipId: m.id });
        return answer(t, m.id, user.id, now);
      },
      tx,
    ),
  );
}

/** The box an email describes, in cents (null when the member no longer receives it). */
export async function shareBoxForEmail(membershipId: number, date: string) {
  const m = await db.shareMembership.findUnique({
    where: { id: membershipId },
    include: { plan: { include: { boxes: { where: { localDate: date } } } } },
  });
  const box = m?.plan.boxes[0];
  if (!m || !box?.publishedAt) return null;
  const choice = await db.shareBoxChoice.findUnique({
    where: { membershipId_localDate: { membershipId, localDate: date } },
  });
  if (choice?.skipped) return null;
  const priced = await boxPriced(db, box as PlanRow["boxes"][number]);
  const c = contentsOf(box as PlanRow["boxes"][number], m, choice, priced);
  const lines = (list: { productId: number; quantity: number }[]) =>
    list.flatMap((i) => {
      const p = priced.get(i.productId);
      return p
        ? [
            {
              productId: i.productId,
              name: p.name,
              unit: p.unit,
              quantity: i.quantity,
              valueCents: p.priceCents * i.quantity,
            },
          ]
        : [];
    });
  return {
    date,
    cutoff: box.dueAt,
    priceCents: m.plan.boxPriceCents + c.extraCents,
    items: lines(c.items),
    swapOptions: lines(boxLinesOf(box.swapOptions)),
  };
}
