import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { centsToDollars } from "@/lib/money";
import { db } from "@/lib/server/platform/db";
import { badRequest, conflict, notFound } from "@/lib/server/platform/errors";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import type { SessionUser } from "@/lib/server/auth/session";
import { requireOwnFarm } from "@/lib/server/farm/access";
import { holdForOccurrence } from "@/lib/server/stock/stock";
import { enqueue } from "@/lib/server/notifications/outbox";
import type { MemberBoxJson, SharePlanDetailJson } from "@/lib/contracts/shares";
import type { ShareBoxInput } from "@/lib/validators/shares";
import { memberContents, type MemberContents } from "./contents";
import { boxLinesOf, linesJson, priceMap, swapsOf, type Priced } from "./lines";
import { isBoxDate, boxCutoff } from "./schedule";
import { loadPlan, planSchedule, pricedLines, serializePlan, type PlanRow } from "./plans";

/**
 * A plan's boxes (docs/shares.md, "Boxes"): the farm publishes a date's contents; each member's
 * box is those contents with their nevers and swaps (contents.ts), held in stock through the
 * stock owner like a standing order's next occurrence, and placed by the worker at the cutoff.
 */
type Membership = {
  id: number;
  userId: number;
  status: "active" | "paused" | "cancelled";
  pausedUntil: string | null;
  never: number[];
  createdAt: Date;
};
type BoxRow = PlanRow["boxes"][number];
type Choice = { swaps: Prisma.JsonValue; skipped: boolean; status: string | null } | null;

/** Whether the member gets a box on `date`: not cancelled, not paused over it, not skipped. */
export function receives(m: Membership, date: string, choice: Choice): boolean {
  if (m.status === "cancelled" || choice?.skipped) return false;
  if (m.status === "paused" && (m.pausedUntil === null || date < m.pausedUntil)) return false;
  return true;
}

/** The member's box of a published date, priced at the farm's prices now. */
export function contentsOf(
  box: BoxRow,
  m: Pick<Membership, "never">,
  choice: Choice,
  priced: Priced,
): MemberContents {
  return memberContents(
    { items: boxLinesOf(box.items), swapOptions: boxLinesOf(box.swapOptions) },
    m.never,
    choice ? swapsOf(choice.swaps) : [],
    priceMap(priced),
  );
}

/** Every product a box names (items and options), priced. */
export const boxPriced = (client: Tx | typeof db, box: BoxRow) =>
  pricedLines(client, [...boxLinesOf(box.items), ...boxLinesOf(box.swapOptions)]);

/**
 * Moves the member's stock hold to their next published box that is still open (or gives it back
 * when there is none, or they do not receive it). The caller holds the membership's row lock.
 */
export async function syncMemberHold(tx: Tx, membershipId: number, now: Date): Promise<void> {
  const m = await tx.shareMembership.findUniqueOrThrow({ where: { id: membershipId } });
  const plan = (await loadPlan(tx, { id: m.planId }))!;
  const box = plan.boxes.find((b) => b.publishedAt && !b.placedAt && b.dueAt > now);
  let wanted = new Map<number, number>();
  if (box) {
    const choice = await tx.shareBoxChoice.findUnique({
      where: { membershipId_localDate: { membershipId: m.id, localDate: box.localDate } },
    });
    if (receives(m, box.localDate, choice)) {
      const items = contentsOf(box, m, choice, await boxPriced(tx, box)).items;
      wanted = new Map(items.map((i) => [i.productId, i.quantity]));
    }
  }
  await holdForOccurrence(tx, { shareMembershipId: m.id }, box?.localDate ?? "", wanted);
}

/** One member's box of `box`'s date, as their screen shows it. */
export async function memberBoxJson(
  client: Tx | typeof db,
  plan: PlanRow,
  m: Membership,
  date: string,
  cutoff: Date,
): Promise<MemberBoxJson> {
  const box = plan.boxes.find((b) => b.localDate === date && b.publishedAt);
  const choice = await client.shareBoxChoice.findUnique({
    where: { membershipId_localDate: { membershipId: m.id, localDate: date } },
  });
  const neverItems = m.never.length
    ? (
        await client.product.findMany({
          where: { id: { in: m.never } },
          select: { id: true, name: true },
          orderBy: { name: "asc" },
        })
      ).map((p) => ({ productId: p.id, name: p.name }))
    : [];
  const empty = {
    date,
    cutoff: cutoff.toISOString(),
    skipped: !!choice?.skipped,
    never: m.never,
    neverItems,
    price: centsToDollars(plan.boxPriceCents),
  };
  if (!box)
    return {
      ...empty,
      published: false,
      items: [],
      swapOptions: [],
      swaps: [],
      replaced: [],
      extra: 0,
    };
  const priced = await boxPriced(client, box);
  const c = contentsOf(box, m, choice, priced);
  return {
    ...empty,
    published: true,
    items: linesJson(c.items, priced),
    swapOptions: linesJson(boxLinesOf(box.swapOptions), priced),
    swaps: c.swaps,
    replaced: c.replaced,
    extra: centsToDollars(c.extraCents),
    price: centsToDollars(plan.boxPriceCents + c.extraCents),
  };
}

/** Checks that every product of the box is the farm's own and on sale. */
async function checkProducts(tx: Tx, farmId: number, input: ShareBoxInput) {
  const ids = [...input.items, ...input.swapOptions].map((l) => l.productId);
  const found = await tx.product.count({ where: { id: { in: ids }, farmId, isHidden: false } });
  if (found !== ids.length)
    throw badRequest("Every product must be one you still sell", {
      items: "Every product must be one you still sell",
    });
}

/** PUT /api/my-farm/shares/{planId}/boxes/{date}: publish or change a date's box. */
export async function publishBox(
  user: SessionUser,
  planId: number,
  date: string,
  input: ShareBoxInput,
  now: Date,
): Promise<SharePlanDetailJson> {
  const farm = await requireOwnFarm(user);
  const memberIds = await inTransaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "SharePlan" WHERE "id" = ${planId} AND "farmId" = ${farm.id} FOR UPDATE`;
    if (!locked) throw notFound("Share plan not found");
    const plan = (await loadPlan(tx, { id: planId }))!;
    if (!isBoxDate(plan, date)) throw notFound("Box not found");
    const { window } = await planSchedule(tx, plan, now);
    const dueAt = boxCutoff(window, date, plan.farm.timeZone);
    if (dueAt <= now) throw conflict("This box's cutoff has passed: it can no longer change");
    await checkProducts(tx, farm.id, input);
    const data = {
      items: input.items,
      swapOptions: input.swapOptions,
      publishedAt: now,
      dueAt,
    };
    await tx.shareBox.upsert({
      where: { planId_localDate: { planId, localDate: date } },
      create: { planId, localDate: date, ...data },
      update: data,
    });
    const members = await tx.shareMembership.findMany({
      where: { planId, status: { not: "cancelled" } },
      select: { id: true, userId: true },
      orderBy: { id: "asc" },
    });
    // "Your box this week", once per member and date; a change republishes silently.
    for (const m of members)
      await enqueue(tx, {
        userId: m.userId,
        kind: "share_box",
        payload: { membershipId: m.id, localDate: date },
        dedupeKey: `share_box:${m.id}:${date}`,
      });
    return members.map((m) => m.id);
  });
  // Each member's hold under their own row lock, one at a time (as the member's own edits take it).
  for (const id of memberIds)
    await inTransaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "ShareMembership" WHERE "id" = ${id} FOR UPDATE`;
      await syncMemberHold(tx, id, now);
    });
  return planDetail(user, planId, now);
}

/** GET /api/my-farm/shares/{planId}: members, the next box and its swap tally, free stock. */
export async function planDetail(
  user: SessionUser,
  planId: number,
  now: Date,
): Promise<SharePlanDetailJson> {
  const farm = await requireOwnFarm(user);
  const plan = await loadPlan(db, { id: planId, farmId: farm.id });
  if (!plan) throw notFound("Share plan not found");
  const json = await serializePlan(db, plan, now);
  const members = await db.shareMembership.findMany({
    where: { planId, status: { not: "cancelled" } },
    include: { user: { select: { id: true, fullName: true } } },
    orderBy: { id: "asc" },
  });
  const next = json.nextBox;
  const box = next ? plan.boxes.find((b) => b.localDate === next.date) : undefined;
  const choices = next
    ? await db.shareBoxChoice.findMany({
        where: { localDate: next.date, membershipId: { in: members.map((m) => m.id) } },
      })
    : [];
  const choiceOf = new Map(choices.map((c) => [c.membershipId, c]));
  const priced = box ? await boxPriced(db, box) : new Map();
  const tally = new Map<number, number>();
  const nameOf = (id: number) => priced.get(id)?.name ?? `Product ${id}`;
  const rows = members.map((m) => {
    const choice = choiceOf.get(m.id) ?? null;
    const c = box?.publishedAt ? contentsOf(box, m, choice, priced) : null;
    if (c && next && receives(m, next.date, choice))
      for (const i of c.items) tally.set(i.productId, (tally.get(i.productId) ?? 0) + i.quantity);
    return {
      id: m.id,
      buyer: { id: m.user.id, fullName: m.user.fullName },
      status: m.status,
      payment: m.payment,
      pausedUntil: m.pausedUntil,
      skipping: !!choice?.skipped,
      swaps: (c?.swaps ?? []).map((s) => ({ out: nameOf(s.out), in: nameOf(s.in) })),
    };
  });
  const stock = await db.product.findMany({
    where: { farmId: farm.id, isHidden: false },
    select: { id: true, name: true, unit: true, priceCents: true, stock: true, reserved: true },
    orderBy: { name: "asc" },
  });
  return {
    plan: json,
    members: rows,
    box:
      next && box
        ? {
            date: next.date,
            cutoff: next.cutoff,
            published: !!box.publishedAt,
            items: linesJson(boxLinesOf(box.items), priced),
            swapOptions: linesJson(boxLinesOf(box.swapOptions), priced),
          }
        : null,
    tally: [...tally]
      .map(([productId, quantity]) => ({
        productId,
        name: nameOf(productId),
        unit: priced.get(productId)?.unit ?? "",
        quantity,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    stock: stock
      .filter((p) => p.stock - p.reserved > 0)
      .map((p) => ({
        productId: p.id,
        name: p.name,
        unit: p.unit,
        price: centsToDollars(p.priceCents),
        free: p.stock - p.reserved,
      })),
  };
}
