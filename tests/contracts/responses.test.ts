/**
 * What the server answers is what its contracts say, and the API document is generated from them.
 *
 * Every GET endpoint with a JSON contract is called for real (route handler, real database) with a
 * user who has data behind every list, and its body must parse with the contract's response
 * schema and lose nothing in parsing (an extra field a serialiser sends but the contract does not
 * document fails too). A few writes are checked the same way.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { Endpoint } from "@/lib/contracts/endpoint";
import { ERROR_STATUS } from "@/lib/contracts/errors";
import { endpoints } from "@/lib/contracts/index";
import { errorCodes, openApiDocument } from "@/lib/openapi";
import { db } from "@/lib/server/platform/db";
import { call, type CallOptions } from "../support/http";
import {
  createFarm,
  createFarmerWithSession,
  createProduct,
  createUserWithSession,
} from "../support/factories";
import { createAddress, createPickupAndDelivery } from "../support/fulfilment";
import { plusWeeks, saturdayAhead } from "../shares/support";
import { listSlots } from "@/lib/server/fulfilment/slots";

const root = path.resolve(import.meta.dirname, "../..");
type Handler = Parameters<typeof call>[0];

/** app/api/orders/[id]/route.ts for /api/orders/{id}. */
async function handlerFor(e: Endpoint): Promise<Handler> {
  const dir = path.join(
    root,
    "app",
    ...e.path
      .split("/")
      .filter(Boolean)
      .map((s) => s.replace(/^\{(\w+)\}$/, "[$1]")),
  );
  const file = ["route.ts", "route.tsx"]
    .map((f) => path.join(dir, f))
    .find((f) => fs.existsSync(f));
  if (!file) throw new Error(`no route file for ${e.path}`);
  const mod = (await import(file)) as Record<string, Handler>;
  return mod[e.method];
}

const jsonResponse = (e: Endpoint): z.ZodType | null =>
  e.response && typeof e.response !== "string" ? e.response : null;

let shopper: Awaited<ReturnType<typeof createUserWithSession>>;
let farmer: Awaited<ReturnType<typeof createFarmerWithSession>>;
let ids: Record<string, string>;
/** A restaurant with a standing order at the farmer's farm (standing orders are restaurants only). */
let restaurant: Awaited<ReturnType<typeof createUserWithSession>>;
/** A distributor with a hub the farmer supplies (docs/hubs.md). */
let distributor: Awaited<ReturnType<typeof createUserWithSession>>;
let statementId: string;
let planIdForReads: number;

beforeAll(async () => {
  await db.category.create({ data: { name: `Roots ${Date.now()}`, icon: "seedling" } });
  farmer = await createFarmerWithSession();
  const myProduct = await createProduct(farmer.farm.id, {
    name: "Contract Carrots",
    priceCents: 300,
    stock: 50,
    isFeatured: true,
    isPopular: true,
  });
  const { farm: other } = await createFarm({ farmName: "Second Farm" });
  await createProduct(other.id, { name: "Contract Apples", isFeatured: true });
  shopper = await createUserWithSession();
  // A reader of the farm's fresh sheet: /api/fresh-sheets lists it.
  await db.farmFollow.create({ data: { userId: shopper.user.id, farmId: farmer.farm.id } });
  const setup = await createPickupAndDelivery(farmer.farm.id);
  // A farm share with the shopper as a member and its first box published: the share reads list them.
  const seasonStart = saturdayAhead(1);
  const plan = await db.sharePlan.create({
    data: {
      farmId: farmer.farm.id,
      name: "Contract box",
      boxPriceCents: 2500,
      seasonStart,
      seasonEnd: plusWeeks(seasonStart, 3),
      capacity: 5,
      memberCount: 1,
      kind: "pickup",
      pickupPointId: setup.point.id,
      payments: ["weekly"],
    },
  });
  await db.shareBox.create({
    data: {
      planId: plan.id,
      localDate: seasonStart,
      items: [{ productId: myProduct.id, quantity: 2 }],
      publishedAt: new Date(),
      dueAt: new Date(Date.now() + 3 * 86_400_000),
    },
  });
  await db.shareMembership.create({
    data: { planId: plan.id, userId: shopper.user.id, payment: "weekly" },
  });
  planIdForReads = plan.id;
  // And one the shopper has not joined: home's "Join a farm share" offers it.
  await db.sharePlan.create({
    data: {
      farmId: farmer.farm.id,
      name: "Contract second box",
      boxPriceCents: 3000,
      everyWeeks: 2,
      seasonStart,
      seasonEnd: plusWeeks(seasonStart, 4),
      capacity: 5,
      kind: "pickup",
      pickupPointId: setup.point.id,
      payments: ["weekly"],
    },
  });
  // The pickup slot: a delivery would need an address and postal code too.
  const slot = (await listSlots(farmer.farm.id, 14)).find((s) => s.kind === "pickup")!;
  await createAddress(shopper.user.id, { line1: "1 Bernard Ave", isDefault: true });
  // A browser subscribed to push for each: /api/push-subscriptions lists it.
  for (const u of [shopper.user, farmer.user])
    await db.pushSubscription.create({
      data: {
        userId: u.id,
        endpoint: `https://fcm.googleapis.com/fcm/send/contract-${u.id}`,
        p256dh: `B${"A".repeat(86)}`,
        auth: "A".repeat(22),
      },
    });

  // A passkey: /api/passkeys lists it.
  await db.passkey.create({
    data: {
      userId: shopper.user.id,
      credentialId: `contract-${shopper.user.id}`,
      publicKey: Buffer.from([1, 2, 3]),
      name: "Contract laptop",
      lastUsedAt: new Date(),
    },
  });

  const topUp = await import("@/app/api/transactions/topup/route");
  expect(
    (
      await call(topUp.POST, "/api/transactions/topup", {
        cookie: shopper.cookie,
        body: { amount: 40 },
      })
    ).status,
  ).toBe(200);
  const orders = await import("@/app/api/orders/route");
  const placed = await call(orders.POST, "/api/orders", {
    cookie: shopper.cookie,
    body: {
      items: [{ productId: myProduct.id, quantity: 2 }],
      fulfilment: { [farmer.farm.id]: { slotId: slot.slotId } },
    },
  });
  expect(placed.status, placed.text).toBe(201);
  const send = await import("@/app/api/messages/route");
  const sent = await call(send.POST, "/api/messages", {
    cookie: shopper.cookie,
    body: { receiverId: farmer.user.id, content: "Are the carrots sweet?" },
  });
  expect(sent.status, sent.text).toBe(201);

  restaurant = await createUserWithSession({ userType: "restaurant" });
  const standing = await import("@/app/api/standing-orders/route");
  const repeated = await call(standing.POST, "/api/standing-orders", {
    cookie: restaurant.cookie,
    body: {
      farmId: farmer.farm.id,
      items: [{ productId: myProduct.id, quantity: 2 }],
      weekday: 6,
      kind: "pickup",
    },
  });
  expect(repeated.status, repeated.text).toBe(201);
  // The restaurant buys on account there, so it has a credit line and a statement (docs/restaurants.md).
  await db.creditLine.create({
    data: { farmId: farmer.farm.id, buyerId: restaurant.user.id, limitCents: 50_000 },
  });
  const onAccount = await call(orders.POST, "/api/orders", {
    cookie: restaurant.cookie,
    body: {
      items: [{ productId: myProduct.id, quantity: 1 }],
      fulfilment: { [farmer.farm.id]: { slotId: slot.slotId } },
      payment: { [farmer.farm.id]: "account" },
      // Its standing order covers that Saturday: this one is meant as well.
      confirmRepeat: true,
    },
  });
  expect(onAccount.status, onAccount.text).toBe(201);
  statementId = String(onAccount.json.orders[0].statementId);

  distributor = await createUserWithSession({ userType: "restaurant" });
  await db.businessAccount.create({
    data: {
      userId: distributor.user.id,
      companyName: "Contract Hub",
      businessNumber: "812345670",
      address: "1100 Ellis St, Kelowna, BC",
      postalCode: "V1Y 1Z5",
      status: "approved",
      approvedAs: "distributor",
    },
  });
  const hub = await db.hub.create({
    data: { userId: distributor.user.id, name: "Contract Hub", location: "Kelowna" },
  });
  await db.hubSupplier.create({
    data: { hubId: hub.id, farmId: farmer.farm.id, status: "active", wholesaleDiscountBps: 1000 },
  });

  // A card top-up and a payout (rows the stripe webhook and the payout worker write).
  const cardTopUp = await db.topUp.create({ data: { userId: shopper.user.id, amountCents: 500 } });
  const payout = await db.payout.create({
    data: {
      farmId: farmer.farm.id,
      periodEnd: "2026-01-05",
      amountCents: 100,
      status: "pending_manual",
    },
  });
  ids = {
    id: String(placed.json.orders[0].id),
    userId: String(farmer.user.id),
    date: slot.slotId.slice(-10),
    slotId: slot.slotId,
    topUpId: String(cardTopUp.id),
    payoutId: String(payout.id),
    planId: String(planIdForReads),
  };
});

/** Who calls, and with which path ids, for each GET. */
function callFor(e: Endpoint): CallOptions & { path: string } {
  const farmSide = e.path.startsWith("/api/my-farm");
  const restaurantSide = ["/api/standing-orders", "/api/invoices", "/api/credit-lines"].some((p) =>
    e.path.startsWith(p),
  );
  const cookie =
    e.auth === "required"
      ? farmSide
        ? farmer.cookie
        : e.path.startsWith("/api/my-hub")
          ? distributor.cookie
          : restaurantSide
            ? restaurant.cookie
            : shopper.cookie
      : undefined;
  const params: Record<string, string> = {};
  for (const [, name] of e.path.matchAll(/\{(\w+)\}/g)) params[name] = ids[name];
  if (e.path === "/api/products/{id}" || e.path === "/api/my-farm/products/{id}")
    params.id = String(ids.productId);
  if (e.path.startsWith("/api/farms/{id}")) params.id = String(farmer.farm.id);
  if (e.path.startsWith("/api/invoices/{id}")) params.id = statementId;
  if (e.path === "/api/payments/top-ups/{id}") params.id = ids.topUpId;
  if (e.path.startsWith("/api/my-farm/payouts/{id}")) params.id = ids.payoutId;
  const filled = e.path.replace(/\{(\w+)\}/g, (_, n: string) => params[n]);
  const query =
    e.path === "/api/products/search"
      ? "?q=contract"
      : e.path === "/api/my-farm/pack-list"
        ? `?date=${ids.date}`
        : e.path.startsWith("/api/my-farm/reports/")
          ? "?from=2026-01-01&to=2026-12-31"
          : "";
  return { path: filled + query, cookie, params };
}

describe("every JSON answer matches its contract", () => {
  it("every endpoint answering JSON declares its response schema", () => {
    const missing = endpoints
      .filter((e) => e.response === undefined && e.status !== 303)
      .map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  it("every GET answers what its contract says, field for field", async () => {
    ids.productId = String(
      (await db.product.findFirstOrThrow({ where: { farmId: farmer.farm.id } })).id,
    );
    const checked: string[] = [];
    // Staff-only reads (the ops console) are checked the same way in tests/ops/access.test.ts.
    const reads = endpoints.filter((x) => x.method === "GET" && x.auth !== "staff");
    for (const e of reads.filter((x) => jsonResponse(x))) {
      const { path: p, ...opts } = callFor(e);
      const res = await call(await handlerFor(e), p, opts);
      expect(res.status, `${e.path}: ${res.text}`).toBe(e.status ?? 200);
      const parsed = jsonResponse(e)!.safeParse(res.json);
      expect(parsed.success ? [] : parsed.error.issues, e.path).toEqual([]);
      expect(parsed.data, `${e.path} sends fields its contract does not document`).toEqual(
        res.json,
      );
      if (Array.isArray(res.json))
        expect(res.json.length, `${e.path} should list something here`).toBeGreaterThan(0);
      checked.push(e.path);
    }
    expect(checked.length).toBeGreaterThanOrEqual(20);
  });

  it("writes answer their contracts too: top-up, checkout, cancel, message, complete, standing orders", async () => {
    const byPath = (method: string, p: string) =>
      endpoints.find((e) => e.method === method && e.path === p)!;
    const product = await db.product.findFirstOrThrow({ where: { farmId: farmer.farm.id } });
    const check = async (e: Endpoint, opts: CallOptions & { path: string }) => {
      const res = await call(await handlerFor(e), opts.path, { method: e.method, ...opts });
      expect(res.status, res.text).toBe(e.status ?? 200);
      const parsed = jsonResponse(e)!.parse(res.json);
      expect(parsed).toEqual(res.json);
      return res.json;
    };
    await check(byPath("POST", "/api/transactions/topup"), {
      path: "/api/transactions/topup",
      cookie: shopper.cookie,
      body: { amount: 5 },
    });
    const placed = await check(byPath("POST", "/api/orders"), {
      path: "/api/orders",
      cookie: shopper.cookie,
      body: {
        items: [{ productId: product.id, quantity: 1 }],
        fulfilment: { [farmer.farm.id]: { slotId: ids.slotId } },
        // The shopper's order from the set-up is in that slot already.
        confirmRepeat: true,
      },
    });
    const orderId = String(placed.orders[0].id);
    await check(byPath("PATCH", "/api/orders/{id}"), {
      path: `/api/orders/${orderId}`,
      cookie: shopper.cookie,
      params: { id: orderId },
      body: { items: [{ productId: product.id, quantity: 2 }] },
    });
    await check(byPath("POST", "/api/orders/{id}/cancel"), {
      path: `/api/orders/${orderId}/cancel`,
      cookie: shopper.cookie,
      params: { id: orderId },
    });
    await check(byPath("POST", "/api/messages"), {
      path: "/api/messages",
      cookie: farmer.cookie,
      body: { receiverId: shopper.user.id, content: "Very sweet." },
    });
    // Completed once its slot has started (until the cutoff the buyer may still cancel).
    await db.orderFulfilment.updateMany({
      where: { orderId: Number(ids.id) },
      data: { startsAt: new Date(Date.now() - 3600_000) },
    });
    await check(byPath("POST", "/api/my-farm/orders/{id}/complete"), {
      path: `/api/my-farm/orders/${ids.id}/complete`,
      cookie: farmer.cookie,
      params: { id: ids.id },
    });
    const standing = await check(byPath("POST", "/api/standing-orders"), {
      path: "/api/standing-orders",
      cookie: restaurant.cookie,
      body: {
        farmId: farmer.farm.id,
        items: [{ productId: product.id, quantity: 1 }],
        weekday: 6,
        kind: "pickup",
        everyWeeks: 2,
      },
    });
    const standingId = String(standing.id);
    await check(byPath("PATCH", "/api/standing-orders/{id}"), {
      path: `/api/standing-orders/${standingId}`,
      cookie: restaurant.cookie,
      params: { id: standingId },
      body: { action: "skipNext" },
    });
    const buyerId = String(restaurant.user.id);
    await check(byPath("PUT", "/api/my-farm/customers/{buyerId}/credit"), {
      path: `/api/my-farm/customers/${buyerId}/credit`,
      cookie: farmer.cookie,
      params: { buyerId },
      body: { limit: 750 },
    });
    await check(byPath("DELETE", "/api/standing-orders/{id}"), {
      path: `/api/standing-orders/${standingId}`,
      cookie: restaurant.cookie,
      params: { id: standingId },
    });
  });
});

describe("the API document is generated from the contracts", () => {
  const doc = openApiDocument();

  it("lists every registered endpoint once, with its parameters, body and every error status it may answer", () => {
    for (const e of endpoints) {
      const op = (
        doc.paths[e.path] as Record<
          string,
          {
            parameters: { name: string; in: string }[];
            requestBody?: unknown;
            responses: Record<string, unknown>;
          }
        >
      )?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.path}`).toBeDefined();
      for (const name of e.path.match(/\{(\w+)\}/g) ?? [])
        expect(
          op.parameters.some((p) => p.in === "path" && `{${p.name}}` === name),
          `${e.path} ${name}`,
        ).toBe(true);
      expect(Boolean(op.requestBody)).toBe(Boolean(e.body));
      const statuses = new Set([
        String(e.status ?? 200),
        ...errorCodes(e).map((c) => String(ERROR_STATUS[c])),
      ]);
      expect(Object.keys(op.responses).sort()).toEqual(
        expect.arrayContaining([...statuses].sort()),
      );
    }
    const documented = Object.values(doc.paths).reduce(
      (n, item) => n + Object.keys(item).length,
      0,
    );
    expect(documented).toBe(endpoints.length);
  });

  it("every $ref points at a schema the document defines", () => {
    const refs = [...JSON.stringify(doc).matchAll(/"#\/components\/schemas\/(\w+)"/g)].map(
      (m) => m[1],
    );
    expect(refs.length).toBeGreaterThan(20);
    for (const name of new Set(refs)) expect(Object.keys(doc.components.schemas)).toContain(name);
  });

  it("documents the orders the server really sends (the hand-written Order once lacked farmId and checkoutRef)", () => {
    const orderSchema = doc.components.schemas.Order as { properties: Record<string, unknown> };
    expect(Object.keys(orderSchema.properties)).toEqual(
      expect.arrayContaining(["farmId", "checkoutRef", "completedAt", "cancelledAt", "items"]),
    );
  });
});
