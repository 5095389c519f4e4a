import { afterAll, describe, expect, it } from "vitest";
import * as completeRoute from "@/app/api/my-farm/orders/[id]/complete/route";
import * as ticksRoute from "@/app/api/my-farm/pack-list/ticks/route";
import {
  drain,
  outcomeOf,
  packedWithOutbox,
  reasonOf,
  requestOf,
  waitingHandovers,
  type OutboxAction,
  type OutboxEntry,
  type OutboxStore,
  type SendResult,
} from "@/lib/client/offline/queue";
import { db } from "@/lib/server/platform/db";
import { closeListener } from "@/lib/server/platform/notify";
import { call } from "../support/http";
import { createProduct, createUserWithSession } from "../support/factories";
import { cancelOrder } from "../support/orders";
import { placeOrder, topUp, checkLedgerAfterEach } from "../wallet/support";
import { farmerWithSession } from "../farm/support";

checkLedgerAfterEach();
afterAll(closeListener);

/** The outbox's store as a map (IndexedDB's part is the browser's: e2e/offline.spec.ts). */
function memoryStore(
  entries: OutboxEntry[] = [],
): OutboxStore & { rows: Map<number, OutboxEntry> } {
  const rows = new Map(entries.map((e) => [e.id, e]));
  return {
    rows,
    list: async () => [...rows.values()].sort((a, b) => a.id - b.id),
    put: async (e) => void rows.set(e.id, e),
    remove: async (id) => void rows.delete(id),
  };
}

let nextId = 1;
const entry = (action: OutboxAction, over: Partial<OutboxEntry> = {}): OutboxEntry => {
  const id = nextId++;
  return {
    id,
    key: `key-${id}`,
    userId: 7,
    action,
    label: `action ${id}`,
    state: "waiting",
    queuedAt: "2026-12-05T16:05:00.000Z",
    ...over,
  };
};
const tick = (orderId: number, productId: number | null, packed = true): OutboxAction => ({
  kind: "tick",
  orderId,
  productId,
  packed,
});
const handover = (orderId: number): OutboxAction => ({ kind: "handover", orderId });
const ok = (body: unknown): SendResult => ({ status: 200, body: JSON.stringify(body) });

describe("the outbox's rules", () => {
  it("reads an answer: 2xx sent, a 4xx refused for good, no answer / 401 / 429 / 5xx tried again", () => {
    expect(outcomeOf({ status: 200, body: "{}" })).toBe("sent");
    expect(outcomeOf({ status: 409, body: "{}" })).toBe("refused");
    expect(outcomeOf({ status: 404, body: "{}" })).toBe("refused");
    expect(outcomeOf({ status: "network" })).toBe("retry");
    expect(outcomeOf({ status: 401, body: "{}" })).toBe("retry");
    expect(outcomeOf({ status: 429, body: "{}" })).toBe("retry");
    expect(outcomeOf({ status: 503, body: "" })).toBe("retry");
    expect(reasonOf({ status: 409, body: JSON.stringify({ message: "It is cancelled" }) })).toBe(
      "It is cancelled",
    );
    expect(reasonOf({ status: 400, body: "<html>" })).toBe("The server answered 400");
  });

  it("calls the endpoints the screens call", () => {
    expect(requestOf(tick(12, 3, false))).toEqual({
      path: "/api/my-farm/pack-list/ticks",
      method: "PUT",
      json: { orderId: 12, productId: 3, packed: false },
    });
    expect(requestOf(handover(12))).toEqual({
      path: "/api/my-farm/orders/12/complete",
      method: "POST",
    });
  });

  it("shows waiting ticks over the server's lines, in the order they were made", () => {
    const entries = [
      entry(tick(1, null, true)),
      entry(tick(1, 20, false)),
      entry(tick(2, 20, true)),
      entry(tick(1, 30, true), { state: "refused", reason: "no" }),
      entry(handover(2)),
      entry(handover(3), { state: "refused", reason: "cancelled" }),
    ];
    expect(packedWithOutbox(1, [10, 20, 30], [], entries)).toEqual([10, 30]);
    expect(packedWithOutbox(2, [20], [], entries)).toEqual([20]);
    expect(packedWithOutbox(3, [5], [5], entries)).toEqual([5]);
    expect([...waitingHandovers(entries)]).toEqual([2]);
  });

  it("sends oldest first; a refusal is kept with its reason and the next goes on; no answer stops the run", async () => {
    const [a, b, c, d] = [
      entry(tick(1, 10)),
      entry(handover(2)),
      entry(handover(1)),
      entry(tick(3, 10)),
    ];
    const other = entry(tick(9, 9), { userId: 8 });
    const store = memoryStore([d, c, other, b, a]);
    const sent: string[] = [];
    const answers: Record<string, SendResult> = {
      [a.key]: ok({ orderId: 1, packed: [10] }),
      [b.key]: { status: 409, body: JSON.stringify({ message: "This order is cancelled" }) },
      [c.key]: { status: "network" },
    };
    const first = await drain(store, 7, async (e) => {
      sent.push(e.key);
      return answers[e.key];
    });
    expect(sent).toEqual([a.key, b.key, c.key]);
    expect(first.map((x) => [x.id, x.outcome])).toEqual([
      [a.id, "sent"],
      [b.id, "refused"],
      [c.id, "waiting"],
      [d.id, "waiting"],
    ]);
    expect([...store.rows.keys()]).toEqual([d.id, c.id, other.id, b.id]);
    expect(store.rows.get(b.id)).toMatchObject({
      state: "refused",
      reason: "This order is cancelled",
    });

    // Back online: the one without an answer goes again with its own key, then the rest; the
    // refused one is not sent again, nor another user's.
    sent.length = 0;
    const second = await drain(store, 7, async (e) => {
      sent.push(e.key);
      return ok({});
    });
    expect(sent).toEqual([c.key, d.key]);
    expect(second.map((x) => x.outcome)).toEqual(["sent", "sent"]);
    expect([...store.rows.keys()].sort()).toEqual([other.id, b.id].sort());
  });

  it("drops a refusal someone is already showing", async () => {
    const a = entry(handover(4));
    const store = memoryStore([a]);
    const [d] = await drain(
      store,
      7,
      async () => ({ status: 409, body: JSON.stringify({ message: "No" }) }),
      (id) => id === a.id,
    );
    expect(d).toMatchObject({ id: a.id, outcome: "refused", reason: "No" });
    expect(store.rows.size).toBe(0);
  });
});

describe("the outbox against the server", () => {
  it("a morning offline: ticks and handovers arrive in order, each once though an answer was lost; a cancelled order's handover is refused with the reason", async () => {
    const me = await farmerWithSession({ farmName: "Offline Farm" });
    const buyer = await createUserWithSession();
    const kale = await createProduct(me.farm.id, { name: "Kale", priceCents: 500, stock: 20 });
    const eggs = await createProduct(me.farm.id, { name: "Eggs", priceCents: 700, stock: 20 });
    await topUp(buyer.cookie, 100);
    const place = async () => {
      const placed = await placeOrder(buyer.cookie, [
        { productId: kale.id, quantity: 1 },
        { productId: eggs.id, quantity: 1 },
      ]);
      expect(placed.status, placed.text).toBe(201);
      return placed.json.orders[0].id as number;
    };
    const first = await place();
    const second = await place();

    // Made offline, in this order.
    const store = memoryStore([
      entry(tick(first, kale.id), { userId: me.owner.id }),
      entry(tick(first, null), { userId: me.owner.id }),
      entry(handover(first), { userId: me.owner.id }),
      entry(handover(second), { userId: me.owner.id }),
    ]);
    // Meanwhile the buyer cancels the second order.
    const cancelled = await cancelOrder(buyer.cookie, second);
    expect(cancelled.status, cancelled.text).toBe(200);

    const calls: string[] = [];
    const server = async (e: OutboxEntry): Promise<SendResult> => {
      const { path, method, json } = requestOf(e.action);
      calls.push(`${method} ${path}`);
      const headers = { "idempotency-key": e.key };
      const res =
        e.action.kind === "tick"
          ? await call(ticksRoute.PUT, path, { method, body: json, cookie: me.cookie, headers })
          : await call(completeRoute.POST, path, {
              method,
              cookie: me.cookie,
              headers,
              params: { id: String(e.action.orderId) },
            });
      return { status: res.status, body: res.text };
    };

    // Back online, the first handover's answer is lost on the way (the server did it).
    let lose = true;
    const firstRun = await drain(store, me.owner.id, async (e) => {
      const res = await server(e);
      if (e.action.kind === "handover" && lose) {
        lose = false;
        return { status: "network" };
      }
      return res;
    });
    expect(firstRun.map((d) => d.outcome)).toEqual(["sent", "sent", "waiting", "waiting"]);
    const secondRun = await drain(store, me.owner.id, server);
    expect(secondRun.map((d) => d.outcome)).toEqual(["sent", "refused"]);
    expect(calls).toEqual([
      "PUT /api/my-farm/pack-list/ticks",
      "PUT /api/my-farm/pack-list/ticks",
      `POST /api/my-farm/orders/${first}/complete`,
      `POST /api/my-farm/orders/${first}/complete`,
      `POST /api/my-farm/orders/${second}/complete`,
    ]);
    const refused = [...store.rows.values()];
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      action: handover(second),
      state: "refused",
      reason: "Only active orders can be completed; this order is cancelled",
    });

    // On the server: packed once, handed over once, earned once, the buyer told once.
    const ticks = await db.packTick.findMany({ where: { orderId: first } });
    expect(ticks.map((t) => t.productId).sort()).toEqual([kale.id, eggs.id].sort());
    const order = await db.order.findUniqueOrThrow({ where: { id: first } });
    expect(order.status).toBe("completed");
    const events = await db.orderEvent.findMany({ where: { orderId: first, status: "completed" } });
    expect(events).toHaveLength(1);
    const ledger = await db.farmLedgerEntry.findMany({ where: { orderId: first } });
    expect(ledger.map((l) => l.type).sort()).toEqual(["commission", "sale"]);
    const told = await db.message.findMany({
      where: { receiverId: buyer.user.id, senderId: me.owner.id },
    });
    expect(told).toHaveLength(1);
    expect((await db.order.findUniqueOrThrow({ where: { id: second } })).status).toBe("cancelled");
  });
});
