import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { opsApi } from "@/lib/contracts/ops";
import * as businessRoute from "@/app/api/business-account/route";
import * as hubRoute from "@/app/api/my-hub/route";
import * as hubFulfilmentRoute from "@/app/api/my-hub/fulfilment/route";
import * as farmFulfilmentRoute from "@/app/api/my-farm/fulfilment/route";
import * as suppliersRoute from "@/app/api/my-hub/suppliers/route";
import * as supplierRoute from "@/app/api/my-hub/suppliers/[farmId]/route";
import * as farmHubsRoute from "@/app/api/my-farm/hubs/route";
import * as farmHubRoute from "@/app/api/my-farm/hubs/[hubId]/route";
import { decideBusinessAccount } from "@/lib/server/business/accounts";
import { hubPriceOf, percentToBps } from "@/lib/hub-price";
import { call, expectMessage } from "../support/http";
import {
  createFarmerWithSession,
  createProduct,
  createUserWithSession,
} from "../support/factories";
import { onPostgres } from "../support/pg";
import { runScript } from "../support/scripts";
import { applicant, callOps, createStaff } from "../ops/support";

type Person = { cookie: string; user: { id: number; email: string } };

const business = (companyName: string) => ({
  companyName,
  businessNumber: "812345670",
  address: "1100 Ellis St, Kelowna, BC",
  postalCode: "V1Y 1Z5",
});

/** A buyer whose business account ops approved as a distributor. */
async function distributor(name = "Okanagan Food Hub"): Promise<Person> {
  const me = await createUserWithSession();
  await call(businessRoute.POST, "/api/business-account", {
    cookie: me.cookie,
    body: business(name),
  });
  await decideBusinessAccount(me.user.email, "approve", { staffId: null, as: "distributor" });
  return me;
}

const getHub = (p: Person) => call(hubRoute.GET, "/api/my-hub", { cookie: p.cookie });
const putHub = (p: Person, body: unknown) =>
  call(hubRoute.PUT, "/api/my-hub", { method: "PUT", cookie: p.cookie, body });
const profile = {
  name: "Okanagan Food Hub",
  description: "Produce from six valley farms, one pickup",
  location: "1100 Ellis St, Kelowna, BC",
};
async function hubOf(name = "Okanagan Food Hub") {
  const p = await distributor(name);
  const res = await putHub(p, { ...profile, name });
  expect(res.status, res.text).toBe(200);
  return { ...p, hubId: res.json.id as number };
}
const invite = (p: Person, farmId: number) =>
  call(suppliersRoute.POST, "/api/my-hub/suppliers", { cookie: p.cookie, body: { farmId } });
const suppliers = (p: Person) =>
  call(suppliersRoute.GET, "/api/my-hub/suppliers", { cookie: p.cookie });
const setMargin = (p: Person, farmId: number, margin: unknown) =>
  call(supplierRoute.PUT, `/api/my-hub/suppliers/${farmId}`, {
    method: "PUT",
    cookie: p.cookie,
    body: { margin },
    params: { farmId: String(farmId) },
  });
const farmHubs = (f: Person) => call(farmHubsRoute.GET, "/api/my-farm/hubs", { cookie: f.cookie });
const answer = (f: Person, hubId: number, body: unknown) =>
  call(farmHubRoute.PUT, `/api/my-farm/hubs/${hubId}`, {
    method: "PUT",
    cookie: f.cookie,
    body,
    params: { hubId: String(hubId) },
  });

describe("distributors (docs/hubs.md)", () => {
  it("ops approve an application as a distributor from the console: the account says so, one audit row", async () => {
    const staff = await createStaff();
    const buyer = await applicant("Hub Owner", {
      companyName: "Valley Hub",
      address: "1100 Ellis St, Kelowna, BC",
      postalCode: "V1Y 1Z5",
    });
    const res = await callOps(
      opsApi.decide,
      { userId: String(buyer.user.id) },
      { cookie: staff.cookie, body: { decision: "approve", as: "distributor" } },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: "approved", approvedAs: "distributor" });
    const audit = await db.auditLog.findFirstOrThrow({
      where: { target: `user:${buyer.user.id}` },
      orderBy: { id: "desc" },
    });
    expect(audit.after).toMatchObject({ status: "approved", as: "distributor" });
    // A distributor may set up its hub at once; a plain approval is a restaurant, refused.
    expect((await getHub(buyer)).json).toBeNull();
    const bad = await callOps(
      opsApi.decide,
      { userId: String(buyer.user.id) },
      { cookie: staff.cookie, body: { decision: "approve", as: "wholesaler" } },
    );
    expect(bad.status).toBe(400);
  });

  it("anyone but an approved distributor is refused My Hub (403), as a non-farmer is My Farm", async () => {
    const shopper = await createUserWithSession();
    const farmer = await createFarmerWithSession();
    const restaurant = await createUserWithSession();
    await call(businessRoute.POST, "/api/business-account", {
      cookie: restaurant.cookie,
      body: business("Bench Bistro"),
    });
    await decideBusinessAccount(restaurant.user.email, "approve");
    for (const p of [shopper, farmer, restaurant]) {
      expectMessage(await getHub(p), 403, "This area is for distributor accounts");
      expect((await putHub(p, profile)).status).toBe(403);
      expect((await suppliers(p)).status).toBe(403);
      expect(
        (await call(hubFulfilmentRoute.GET, "/api/my-hub/fulfilment", { cookie: p.cookie })).status,
      ).toBe(403);
    }
    expect((await call(hubRoute.GET, "/api/my-hub", {})).status).toBe(401);
    // And a distributor is no farm: My Farm refuses it the same way.
    const d = await hubOf();
    expect((await farmHubs(d)).status).toBe(403);
  });

  it.skipIf(!onPostgres)(
    "the CLI approves as a distributor (npm run buyer:approve -- email --as distributor)",
    async () => {
      const me = await createUserWithSession();
      await call(businessRoute.POST, "/api/business-account", {
        cookie: me.cookie,
        body: business("Valley Hub"),
      });
      const bad = await runScript("scripts/buyer-approve.ts", [me.user.email, "--as", "baker"]);
      expect(bad.code).toBe(2);
      expect(bad.err).toContain("--as takes restaurant or distributor");
      const ok = await runScript("scripts/buyer-approve.ts", [
        me.user.email,
        "--as",
        "distributor",
      ]);
      expect(ok.code, ok.err).toBe(0);
      expect(ok.out).toBe(
        `Approved: ${me.user.email} (user ${me.user.id}) now buys as Valley Hub, a distributor that may run a food hub.\n`,
      );
      expect(
        (await db.businessAccount.findUniqueOrThrow({ where: { userId: me.user.id } })).approvedAs,
      ).toBe("distributor");
      expect((await getHub(me)).json).toBeNull();
    },
    180_000,
  );
});

describe("a distributor's hub", () => {
  it("PUT sets the hub up, then changes it; GET answers it; fields are checked", async () => {
    const d = await distributor();
    expect((await getHub(d)).json).toBeNull();
    // Before the hub exists its fulfilment is 404.
    expectMessage(
      await call(hubFulfilmentRoute.GET, "/api/my-hub/fulfilment", { cookie: d.cookie }),
      404,
      "Set up your hub first",
    );
    const made = await putHub(d, profile);
    expect(made.status, made.text).toBe(200);
    expect(made.json).toEqual({
      id: expect.any(Number),
      ...profile,
      createdAt: expect.any(String),
    });
    const changed = await putHub(d, { ...profile, description: "" });
    expect(changed.json).toMatchObject({ id: made.json.id, description: "" });
    expect((await getHub(d)).json).toEqual(changed.json);
    expect(await db.hub.count({ where: { userId: d.user.id } })).toBe(1);
    const bad = await putHub(d, { name: " ", description: 3, location: "x" });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({
      name: "Hub name is required",
      description: 'Description must be text (send "" for none)',
      location: "Location must be at least 2 characters",
    });
  });

  it("has the fulfilment settings of a farm, through the same owner, apart from any farm's", async () => {
    const d = await hubOf();
    const farmer = await createFarmerWithSession();
    const settings = {
      timeZone: "America/Vancouver",
      minimumOrder: 40,
      pickupPoints: [{ name: "Hub dock", address: "1100 Ellis St", notes: "Bay 2" }],
      deliveryZones: [{ name: "Kelowna", postalPrefixes: ["V1Y"], fee: 8, freeOver: 150 }],
      windows: [
        {
          kind: "pickup",
          weekday: 4,
          start: "15:00",
          end: "18:00",
          cutoffHours: 24,
          pickupPointIndex: 0,
        },
        {
          kind: "delivery",
          weekday: 5,
          start: "09:00",
          end: "12:00",
          cutoffHours: 36,
          capacity: 20,
        },
      ],
    };
    const saved = await call(hubFulfilmentRoute.PUT, "/api/my-hub/fulfilment", {
      method: "PUT",
      cookie: d.cookie,
      body: settings,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({
      minimumOrder: 40,
      pickupPoints: [{ name: "Hub dock" }],
      deliveryZones: [{ name: "Kelowna", fee: 8, freeOver: 150 }],
      windows: [
        {
          kind: "pickup",
          weekday: 4,
          start: "15:00",
          pickupPointId: saved.json.pickupPoints[0].id,
        },
        { kind: "delivery", weekday: 5, capacity: 20, pickupPointId: null },
      ],
    });
    expect(
      (await call(hubFulfilmentRoute.GET, "/api/my-hub/fulfilment", { cookie: d.cookie })).json,
    ).toEqual(saved.json);
    const rows = await db.pickupPoint.findMany({ where: { hubId: d.hubId } });
    expect(rows.map((r) => r.farmId)).toEqual([null]);
    expect((await db.hub.findUniqueOrThrow({ where: { id: d.hubId } })).minimumOrderCents).toBe(
      4000,
    );
    // The farm's own settings are untouched, and a farm's ids are unknown to the hub.
    const farm = await call(farmFulfilmentRoute.GET, "/api/my-farm/fulfilment", {
      cookie: farmer.cookie,
    });
    expect(farm.json).toMatchObject({ pickupPoints: [], windows: [], minimumOrder: 0 });
    const farmPoint = await db.pickupPoint.create({
      data: { farmId: farmer.farm.id, name: "Farm gate", address: "1200 Farm Rd" },
    });
    const stolen = await call(hubFulfilmentRoute.PUT, "/api/my-hub/fulfilment", {
      method: "PUT",
      cookie: d.cookie,
      body: {
        ...settings,
        pickupPoints: [{ id: farmPoint.id, name: "Mine", address: "x", notes: "" }],
      },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.json.errors).toEqual({ "pickupPoints.0.id": "Unknown pickup point" });
    // A row belongs to exactly one owner.
    await expect(
      db.pickupPoint.create({
        data: { farmId: farmer.farm.id, hubId: d.hubId, name: "Both", address: "x" },
      }),
    ).rejects.toThrow();
  });
});

describe("a hub's suppliers", () => {
  it("invite → the farm accepts with its discount → the hub sets its margin → the hub price", async () => {
    const d = await hubOf("Valley Hub");
    const farmer = await createFarmerWithSession({ farmName: "Green Acres" });
    const product = await createProduct(farmer.farm.id, { priceCents: 450 });

    const invited = await invite(d, farmer.farm.id);
    expect(invited.status, invited.text).toBe(201);
    expect(invited.json).toEqual({
      farm: { id: farmer.farm.id, farmName: "Green Acres" },
      status: "invited",
      wholesaleDiscount: null,
      margin: 0,
      invitedAt: expect.any(String),
      answeredAt: null,
      endedAt: null,
    });
    expectMessage(await invite(d, farmer.farm.id), 409, "This farm is already invited");
    expectMessage(await invite(d, 2_000_000_000), 404, "Farm not found");

    const seen = await farmHubs(farmer);
    expect(seen.json).toEqual([
      {
        hub: { id: d.hubId, name: "Valley Hub", location: profile.location },
        status: "invited",
        wholesaleDiscount: null,
        invitedAt: expect.any(String),
        answeredAt: null,
        endedAt: null,
      },
    ]);
    // Accepting asks for the discount.
    const bare = await answer(farmer, d.hubId, { status: "active" });
    expect(bare.status).toBe(400);
    expect(bare.json.errors).toEqual({
      wholesaleDiscount: "Enter the discount you sell to this hub at",
    });
    const tooMuch = await answer(farmer, d.hubId, { status: "active", wholesaleDiscount: 100 });
    expect(tooMuch.json.errors).toEqual({
      wholesaleDiscount: "Enter a discount from 0 to 99.99 percent, with at most 2 decimals",
    });
    const accepted = await answer(farmer, d.hubId, { status: "active", wholesaleDiscount: 12.5 });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toMatchObject({ status: "active", wholesaleDiscount: 12.5 });
    expect(accepted.json.answeredAt).toEqual(expect.any(String));

    const margin = await setMargin(d, farmer.farm.id, 25);
    expect(margin.status, margin.text).toBe(200);
    expect(margin.json).toMatchObject({ status: "active", wholesaleDiscount: 12.5, margin: 25 });
    expect((await setMargin(d, farmer.farm.id, 25.555)).status).toBe(400);
    expect((await setMargin(d, farmer.farm.id, -1)).status).toBe(400);
    // The margin is the hub's own: the farm's view has none.
    expect((await farmHubs(farmer)).json[0]).not.toHaveProperty("margin");

    const [terms] = (await suppliers(d)).json;
    const link = await db.hubSupplier.findFirstOrThrow({ where: { hubId: d.hubId } });
    expect([link.wholesaleDiscountBps, link.marginBps]).toEqual([1250, 2500]);
    // $4.50 less 12.5 % = $3.9375 → $3.94 to the farm; × 1.25 = $4.925 → $4.93 at the hub.
    expect(
      hubPriceOf(product.priceCents, {
        discountBps: percentToBps(terms.wholesaleDiscount),
        marginBps: percentToBps(terms.margin),
      }),
    ).toEqual({ wholesaleCents: 394, hubPriceCents: 493 });

    // The farm may change its discount on a live link, and end it at any time.
    expect(
      (await answer(farmer, d.hubId, { status: "active", wholesaleDiscount: 10 })).json,
    ).toMatchObject({ status: "active", wholesaleDiscount: 10 });
    expectMessage(
      await answer(farmer, d.hubId, { status: "declined" }),
      409,
      "This link is active: change its discount or end it",
    );
    const ended = await answer(farmer, d.hubId, { status: "ended" });
    expect(ended.json).toMatchObject({ status: "ended", endedAt: expect.any(String) });
    expectMessage(
      await answer(farmer, d.hubId, { status: "active", wholesaleDiscount: 5 }),
      409,
      "This link was ended: the hub may invite you again",
    );
    expect((await suppliers(d)).json[0]).toMatchObject({ status: "ended" });
    // The hub may invite it again: the link starts over.
    const again = await invite(d, farmer.farm.id);
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({ status: "invited", wholesaleDiscount: null, endedAt: null });
  });

  it("a farm declines an invitation; a declined one cannot be accepted until the hub invites again", async () => {
    const d = await hubOf();
    const farmer = await createFarmerWithSession();
    await invite(d, farmer.farm.id);
    expectMessage(
      await answer(farmer, d.hubId, { status: "ended" }),
      409,
      "Accept or decline this invitation",
    );
    const declined = await answer(farmer, d.hubId, { status: "declined" });
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({ status: "declined", wholesaleDiscount: null });
    expect((await answer(farmer, d.hubId, { status: "active", wholesaleDiscount: 5 })).status).toBe(
      409,
    );
    expect((await suppliers(d)).json).toMatchObject([{ status: "declined" }]);
    expect((await invite(d, farmer.farm.id)).json).toMatchObject({ status: "invited" });
  });

  it("a farm sees only its own links, a hub only its own suppliers", async () => {
    const hubA = await hubOf("Hub A");
    const hubB = await hubOf("Hub B");
    const farmX = await createFarmerWithSession();
    const farmY = await createFarmerWithSession();
    await invite(hubA, farmX.farm.id);
    await invite(hubB, farmY.farm.id);
    await answer(farmY, hubB.hubId, { status: "active", wholesaleDiscount: 20 });

    expect((await farmHubs(farmX)).json.map((l: { hub: { id: number } }) => l.hub.id)).toEqual([
      hubA.hubId,
    ]);
    expect((await suppliers(hubA)).json.map((s: { farm: { id: number } }) => s.farm.id)).toEqual([
      farmX.farm.id,
    ]);
    // Another's link looks unknown (404), and nothing changes.
    expectMessage(await answer(farmX, hubB.hubId, { status: "ended" }), 404, "Hub not found");
    expectMessage(await setMargin(hubA, farmY.farm.id, 50), 404, "Supplier not found");
    const y = await db.hubSupplier.findFirstOrThrow({ where: { farmId: farmY.farm.id } });
    expect([y.status, y.marginBps]).toEqual(["active", 0]);
    // A distributor with no hub yet has no suppliers: 404.
    const bare = await distributor();
    expectMessage(await suppliers(bare), 404, "Set up your hub first");
  });
});
