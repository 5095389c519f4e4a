/**
 * Farm shares (docs/shares.md) through their routes against the real database: plans, joins,
 * boxes held in stock, swaps, nevers, skips, pauses, cancels, and the worker placing each box as
 * an order exactly once.
 */
import { describe, expect, it } from "vitest";
import * as plansRoute from "@/app/api/my-farm/shares/route";
import * as swapRoute from "@/app/api/me/shares/[id]/boxes/[date]/route";
import * as neverRoute from "@/app/api/me/shares/[id]/never/route";
import * as skipRoute from "@/app/api/me/shares/[id]/skip/route";
import * as pauseRoute from "@/app/api/me/shares/[id]/pause/route";
import * as cancelRoute from "@/app/api/me/shares/[id]/route";
import * as farmSharesRoute from "@/app/api/farms/[id]/shares/route";
import { db } from "@/lib/server/platform/db";
import { chargeDueInstalments, placeDueBoxes } from "@/lib/server/shares/worker";
import { compose } from "@/lib/server/emails/templates";
import { packListOf } from "@/lib/server/fulfilment/pack-list";
import { call } from "../support/http";
import { itOnPostgres } from "../support/races";
import { balanceCents, checkLedgerAfterEach, topUp } from "../wallet/support";
import {
  join,
  member,
  mine,
  plusDays,
  plusWeeks,
  prepaidMismatches,
  publish,
  reserved,
  shareWorld,
  type ShareWorld,
} from "./support";

checkLedgerAfterEach();

const params = (id: number, extra: Record<string, string> = {}) => ({ id: String(id), ...extra });
const afterCutoff = async (w: ShareWorld, date: string) => {
  const box = await db.shareBox.findFirstOrThrow({ where: { planId: w.plan.id, localDate: date } });
  return new Date(box.dueAt.getTime() + 60_000);
};

describe("a farm's share plans", () => {
  it("creates a plan with its spots and next box, and refuses a day without a window", async () => {
    const w = await shareWorld();
    expect(w.plan).toMatchObject({
      name: "Weekly veg box",
      boxPrice: 25,
      capacity: 10,
      members: 0,
      spotsLeft: 10,
      payment: ["weekly", "season"],
      fulfilment: { kind: "pickup", place: "Kelowna Farmers' Market" },
      nextBox: { date: w.seasonStart, published: false },
    });
    const friday = plusDays(w.seasonStart, 6);
    const res = await call(plansRoute.POST, "/api/my-farm/shares", {
      cookie: w.farmer.cookie,
      body: {
        name: "Friday box",
        boxPrice: 20,
        everyWeeks: 1,
        seasonStart: friday,
        seasonEnd: plusWeeks(friday, 2),
        capacity: 5,
        skipsPerSeason: 0,
        fulfilment: { kind: "pickup", pickupPointId: w.setup.point.id },
        payment: ["weekly"],
      },
    });
    expect(res.status, res.text).toBe(409);
    expect(res.json.message).toMatch(/no pickup window on Fridays/);

    const shopper = await member("Sam Shopper", 0);
    const refused = await call(plansRoute.GET, "/api/my-farm/shares", { cookie: shopper.cookie });
    expect(refused.status).toBe(403);
    const bad = await call(plansRoute.POST, "/api/my-farm/shares", {
      cookie: w.farmer.cookie,
      body: { name: "", boxPrice: -1, capacity: 0 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors)).toEqual(
      expect.arrayContaining(["name", "boxPrice", "capacity"]),
    );
  });
});

describe("joining", () => {
  it("takes a spot, refuses a second join and a full plan", async () => {
    const w = await shareWorld({ capacity: 1 });
    const ann = await member("Ann Member");
    const res = await join(w.plan.id, ann.cookie, { payment: "weekly" });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ status: "active", payment: "weekly", prepaid: null });
    expect((await join(w.plan.id, ann.cookie, { payment: "weekly" })).status).toBe(409);
    const bo = await member("Bo Member");
    const full = await join(w.plan.id, bo.cookie, { payment: "weekly" });
    expect(full.status).toBe(409);
    expect(full.json.code).toBe("share_full");
    const open = await call(farmSharesRoute.GET, `/api/farms/${w.farmer.farm.id}/shares`, {
      params: params(w.farmer.farm.id),
    });
    expect(open.json[0]).toMatchObject({ spotsLeft: 0, boxesLeft: 4, seasonPrice: 100 });
  });

  it("a season member pays the boxes left at once, held as the membership's balance", async () => {
    const w = await shareWorld();
    const ann = await member("Ann Prepaid");
    const res = await join(w.plan.id, ann.cookie, { payment: "season" }, "join-1");
    expect(res.status, res.text).toBe(201);
    expect(res.json.prepaid).toMatchObject({ boxesLeft: 4, balance: 100 });
    const again = await join(w.plan.id, ann.cookie, { payment: "season" }, "join-1");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await balanceCents(ann.user.id)).toBe(10_000);
    const rows = await db.transaction.findMany({ where: { userId: ann.user.id, type: "share" } });
    expect(rows.map((r) => [r.amountCents, r.reference])).toEqual([
      [-10_000, `SHARE-${res.json.id}`],
    ]);
    expect(await prepaidMismatches()).toEqual([]);
  });

  it("in two instalments: half now, the rest on a later box date", async () => {
    const w = await shareWorld();
    const ann = await member("Ann Halves");
    const res = await join(w.plan.id, ann.cookie, { payment: "season", instalments: 2 });
    expect(res.status, res.text).toBe(201);
    expect(res.json.prepaid).toMatchObject({
      boxesLeft: 4,
      balance: 50,
      instalments: [{ dueDate: plusWeeks(w.seasonStart, 2), amount: 50, paid: false }],
    });
    expect(await balanceCents(ann.user.id)).toBe(15_000);
  });

  it("an instalment is taken on its date; an empty wallet leaves it due and tells the member once", async () => {
    const w = await shareWorld();
    const ann = await member("Ann Short", 50);
    const a = (await join(w.plan.id, ann.cookie, { payment: "season", instalments: 2 })).json;
    expect(await balanceCents(ann.user.id)).toBe(0);
    const due = new Date(`${plusWeeks(w.seasonStart, 2)}T12:00:00Z`);
    const told = () =>
      db.notification.findMany({
        where: { userId: ann.user.id, kind: "share_payment_failed" },
      });
    // Other tests' members are due too: this one's row says what happened to it.
    const paidAt = async () =>
      (await db.shareInstalment.findFirstOrThrow({ where: { membershipId: a.id } })).paidAt;
    await chargeDueInstalments(new Date(due.getTime() - 86_400_000));
    expect(await told()).toEqual([]);
    // Due and unpayable: still due, one email however many rounds run.
    await chargeDueInstalments(due);
    await chargeDueInstalments(due);
    expect(await paidAt()).toBeNull();
    const [mail, ...more] = await told();
    expect(more).toEqual([]);
    const composed = await compose(mail);
    expect(composed?.content.subject).toBe(`We could not take your ${w.plan.name} payment`);
    expect(composed?.content.paragraphs[0]).toContain("$50.00 part");
    expect(composed?.content.paragraphs[0]).toContain("your wallet holds $0.00");
    // Topped up: the next round takes it, and the queued email has nothing left to say.
    expect((await topUp(ann.cookie, 50)).status).toBe(200);
    await chargeDueInstalments(due);
    expect(await paidAt()).toEqual(due);
    expect((await mine(ann.cookie)).find((m) => m.id === a.id)?.prepaid).toMatchObject({
      balance: 100,
      instalments: [{ paid: true }],
    });
    expect(await balanceCents(ann.user.id)).toBe(0);
    expect(await compose(mail)).toBeNull();
    expect(await prepaidMismatches()).toEqual([]);
  });

  itOnPostgres("parallel joins never take more spots than the plan has", async () => {
    const w = await shareWorld({ capacity: 3 });
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => member(`Racer ${n}`, 0)));
    const all = await Promise.all(
      people.map((p) => join(w.plan.id, p.cookie, { payment: "weekly" })),
    );
    expect(all.filter((r) => r.status === 201)).toHaveLength(3);
    expect(all.filter((r) => r.json.code === "share_full")).toHaveLength(3);
    const plan = await db.sharePlan.findUniqueOrThrow({ where: { id: w.plan.id } });
    expect(plan.memberCount).toBe(3);
    expect(await db.shareMembership.count({ where: { planId: w.plan.id } })).toBe(3);
  });
});

describe("a published box", () => {
  it("holds each member's box in stock, with nevers replaced and swaps charged", async () => {
    const w = await shareWorld();
    const ann = await member("Ann Swapper");
    const bo = await member("Bo Never");
    const a = (await join(w.plan.id, ann.cookie, { payment: "weekly" })).json;
    const b = (await join(w.plan.id, bo.cookie, { payment: "weekly" })).json;
    const never = await call(neverRoute.PUT, `/api/me/shares/${b.id}/never`, {
      method: "PUT",
      cookie: bo.cookie,
      params: params(b.id),
      body: { productIds: [w.beets.id] },
    });
    expect(never.status, never.text).toBe(200);

    const res = await publish(w, w.seasonStart);
    expect(res.status, res.text).toBe(200);
    expect(res.json.box).toMatchObject({ date: w.seasonStart, published: true });
    // Ann: 3 carrots, 2 kale, 4 beets; Bo: beets replaced by the garlic option.
    expect(await reserved(w.carrots.id)).toBe(6);
    expect(await reserved(w.beets.id)).toBe(4);
    expect(await reserved(w.garlic.id)).toBe(1);
    const [bos] = await mine(bo.cookie);
    expect(bos.nextBox!.replaced).toEqual([{ out: w.beets.id, in: w.garlic.id }]);

    // Ann swaps 2 kale ($8) for garlic ($6): worth less, nothing refunded, nothing extra.
    const swap = await call(swapRoute.PUT, `/api/me/shares/${a.id}/boxes/${w.seasonStart}`, {
      method: "PUT",
      cookie: ann.cookie,
      params: params(a.id, { date: w.seasonStart }),
      body: { swaps: [{ out: w.kale.id, in: w.garlic.id }] },
    });
    expect(swap.status, swap.text).toBe(200);
    expect(swap.json.nextBox).toMatchObject({ extra: 0, price: 25 });
    // Swapping 4 beets ($8) for garlic is refused: an item for one of the options only.
    const wrong = await call(swapRoute.PUT, `/api/me/shares/${a.id}/boxes/${w.seasonStart}`, {
      method: "PUT",
      cookie: ann.cookie,
      params: params(a.id, { date: w.seasonStart }),
      body: { swaps: [{ out: w.beets.id, in: w.carrots.id }] },
    });
    expect(wrong.status).toBe(400);
    expect(await reserved(w.kale.id)).toBe(2);
    expect(await reserved(w.garlic.id)).toBe(2);

    const detail = res.json as { tally: unknown[] };
    expect(detail.tally).toBeDefined();
  });

  it("a dearer swap is charged with the box when the worker places it", async () => {
    const w = await shareWorld();
    const ann = await member("Ann Dear");
    const a = (await join(w.plan.id, ann.cookie, { payment: "weekly" })).json;
    await publish(w, w.seasonStart, {
      items: [
        { productId: w.carrots.id, quantity: 2 },
        { productId: w.beets.id, quantity: 1 },
      ],
      swapOptions: [{ productId: w.garlic.id, quantity: 2 }],
    });
    // 1 beet ($2) for 2 garlic ($12): $10 more.
    const swap = await call(swapRoute.PUT, `/api/me/shares/${a.id}/boxes/${w.seasonStart}`, {
      method: "PUT",
      cookie: ann.cookie,
      params: params(a.id, { date: w.seasonStart }),
      body: { swaps: [{ out: w.beets.id, in: w.garlic.id }] },
    });
    expect(swap.json.nextBox).toMatchObject({ extra: 10, price: 35 });
    const outcomes = await placeDueBoxes(await afterCutoff(w, w.seasonStart));
    const placed = outcomes.filter((o) => o.membershipId === a.id);
    expect(placed.map((o) => o.status)).toEqual(["placed"]);
    const order = await db.order.findUniqueOrThrow({
      where: { id: placed[0].orderId! },
      include: { items: true },
    });
    expect(order.totalCents).toBe(3_500);
    expect(order.items.reduce((s, i) => s + i.priceCents * i.quantity, 0)).toBe(3_500);
    expect(order.items.map((i) => [i.productId, i.quantity]).sort()).toEqual(
      [
        [w.carrots.id, 2],
        [w.garlic.id, 2],
      ].sort(),
    );
    expect(await balanceCents(ann.user.id)).toBe(20_000 - 3_500);
    // The pack list names the box's plan and what was swapped into it.
    const list = await packListOf(w.farmer.farm.id, w.seasonStart, new Date(), "America/Vancouver");
    expect(list.orders.find((o) => o.id === order.id)?.share).toEqual({
      plan: w.plan.name,
      swaps: [{ out: w.beets.name, in: w.garlic.name }],
    });
    expect(await reserved(w.garlic.id)).toBe(0);
    expect((await db.product.findUniqueOrThrow({ where: { id: w.garlic.id } })).stock).toBe(98);
    // Once: a second round finds nothing to do.
    expect(await placeDueBoxes(await afterCutoff(w, w.seasonStart))).toEqual([]);
  });
});

describe("skips, pauses and cancels", () => {
  it("a season member's skip credits the box; undo takes it back; cancel refunds the rest", async () => {
    const w = await shareWorld();
    const ann = await member("Ann Season");
    const a = (await join(w.plan.id, ann.cookie, { payment: "season" })).json;
    await publish(w, w.seasonStart);
    const skip = () =>
      call(skipRoute.POST, `/api/me/shares/${a.id}/skip`, {
        cookie: ann.cookie,
        params: params(a.id),
        body: { date: w.seasonStart },
      });
    const skipped = await skip();
    expect(skipped.status, skipped.text).toBe(200);
    expect(skipped.json).toMatchObject({ skipsLeft: 1, prepaid: { boxesLeft: 3, balance: 75 } });
    expect(skipped.json.nextBox).toMatchObject({ skipped: true });
    expect(await balanceCents(ann.user.id)).toBe(20_000 - 10_000 + 2_500);
    expect(await reserved(w.carrots.id)).toBe(0);

    const undo = await call(skipRoute.DELETE, `/api/me/shares/${a.id}/skip?date=${w.seasonStart}`, {
      method: "DELETE",
      cookie: ann.cookie,
      params: params(a.id),
    });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.json).toMatchObject({ skipsLeft: 2, prepaid: { boxesLeft: 4, balance: 100 } });
    expect(await reserved(w.carrots.id)).toBe(3);

    const cancel = await call(cancelRoute.DELETE, `/api/me/shares/${a.id}`, {
      method: "DELETE",
      cookie: ann.cookie,
      params: params(a.id),
    });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.json.status).toBe("cancelled");
    expect(await balanceCents(ann.user.id)).toBe(20_000);
    expect(await reserved(w.carrots.id)).toBe(0);
    expect((await db.sharePlan.findUniqueOrThrow({ where: { id: w.plan.id } })).memberCount).toBe(
      0,
    );
    expect(await prepaidMismatches()).toEqual([]);
  });

  it("the worker skips a paused member and a skipped box, and places the others once", async () => {
    const w = await shareWorld();
    const ann = await member("Ann Paused");
    const bo = await member("Bo Skips");
    const cy = await member("Cy Prepaid");
    const a = (await join(w.plan.id, ann.cookie, { payment: "weekly" })).json;
    const b = (await join(w.plan.id, bo.cookie, { payment: "weekly" })).json;
    const c = (await join(w.plan.id, cy.cookie, { payment: "season" })).json;
    const pause = await call(pauseRoute.POST, `/api/me/shares/${a.id}/pause`, {
      cookie: ann.cookie,
      params: params(a.id),
      body: { until: plusWeeks(w.seasonStart, 2) },
    });
    expect(pause.status, pause.text).toBe(200);
    expect(pause.json.nextBox.date).toBe(plusWeeks(w.seasonStart, 2));
    await publish(w, w.seasonStart);
    await call(skipRoute.POST, `/api/me/shares/${b.id}/skip`, {
      cookie: bo.cookie,
      params: params(b.id),
      body: { date: w.seasonStart },
    });
    expect(await reserved(w.carrots.id)).toBe(3);

    const at = await afterCutoff(w, w.seasonStart);
    const outcomes = await placeDueBoxes(at);
    const status = new Map(outcomes.map((o) => [o.membershipId, o.status]));
    expect(Object.fromEntries(status)).toEqual({
      [a.id]: "skipped",
      [b.id]: "skipped",
      [c.id]: "placed",
    });
    const cys = (await mine(cy.cookie))[0];
    expect(cys.prepaid).toMatchObject({ boxesLeft: 3, balance: 75 });
    // The prepaid box went through the wallet: paid in, paid out.
    expect(await balanceCents(cy.user.id)).toBe(10_000);
    expect(await db.order.count({ where: { userId: cy.user.id } })).toBe(1);
    expect(await db.order.count({ where: { userId: { in: [ann.user.id, bo.user.id] } } })).toBe(0);
    expect(await db.shareBox.findFirstOrThrow({ where: { planId: w.plan.id } })).toMatchObject({
      placedAt: at,
    });
    expect(await prepaidMismatches()).toEqual([]);
  });

  itOnPostgres("two workers racing place each member's box exactly once", async () => {
    const w = await shareWorld({ capacity: 20 });
    const people = await Promise.all(
      Array.from({ length: 12 }, (_, n) => member(`Member ${n}`, 100)),
    );
    for (const [n, p] of people.entries())
      expect(
        (await join(w.plan.id, p.cookie, { payment: n % 2 ? "season" : "weekly" })).status,
      ).toBe(201);
    await publish(w, w.seasonStart);
    const at = await afterCutoff(w, w.seasonStart);
    const [one, two] = await Promise.all([placeDueBoxes(at), placeDueBoxes(at)]);
    const all = [...one, ...two];
    expect(all).toHaveLength(12);
    expect(new Set(all.map((o) => o.membershipId)).size).toBe(12);
    expect(all.every((o) => o.status === "placed")).toBe(true);
    expect(await db.order.count({ where: { farmId: w.farmer.farm.id } })).toBe(12);
    expect((await db.product.findUniqueOrThrow({ where: { id: w.carrots.id } })).stock).toBe(
      100 - 36,
    );
    expect(await reserved(w.carrots.id)).toBe(0);
    expect(await prepaidMismatches()).toEqual([]);
  });
});
