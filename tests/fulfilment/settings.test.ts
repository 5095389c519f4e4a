import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as settingsRoute from "@/app/api/my-farm/fulfilment/route";
import * as slotsRoute from "@/app/api/farms/[id]/slots/route";
import * as farmFulfilmentRoute from "@/app/api/farms/[id]/fulfilment/route";
import { call } from "../support/http";
import { createFarmerWithSession, createUserWithSession } from "../support/factories";
import { deliveryWindowInput, pickupWindowInput, savedPickupWindow } from "../support/fulfilment";

const put = (cookie: string, body: unknown) =>
  call(settingsRoute.PUT, "/api/my-farm/fulfilment", { method: "PUT", cookie, body });
const get = (cookie: string) => call(settingsRoute.GET, "/api/my-farm/fulfilment", { cookie });

const market = {
  name: "Kelowna Farmers' Market",
  address: "1304 Ellis St, Kelowna",
  notes: "Stall 12",
};
const kelowna = { name: "Kelowna", postalPrefixes: ["v1y", "V1 W"], fee: 6.5, freeOver: 80 };

/** The market and the Kelowna zone with one Saturday pickup, in Vancouver, as the PUT takes them. */
const settings = (over: Record<string, unknown> = {}) => ({
  timeZone: "America/Vancouver",
  minimumOrder: 0,
  pickupPoints: [market],
  deliveryZones: [kelowna],
  windows: [pickupWindowInput()],
  ...over,
});

describe("My Farm → Fulfilment settings", () => {
  it("a farm starts with no windows, the default zone and no minimum", async () => {
    const me = await createFarmerWithSession();
    const res = await get(me.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      timeZone: "America/Vancouver",
      minimumOrder: 0,
      pickupPoints: [],
      deliveryZones: [],
      windows: [],
    });
  });

  it("saves points, zones and windows in one PUT; a pickup window may name a point added in the same request", async () => {
    const me = await createFarmerWithSession();
    const res = await put(
      me.cookie,
      settings({
        timeZone: "America/Edmonton",
        minimumOrder: 25,
        windows: [pickupWindowInput(), deliveryWindowInput({ capacity: 12 })],
      }),
    );
    expect(res.status, res.text).toBe(200);
    const point = res.json.pickupPoints[0];
    expect(res.json).toEqual({
      timeZone: "America/Edmonton",
      minimumOrder: 25,
      pickupPoints: [{ id: expect.any(Number), ...market }],
      deliveryZones: [
        {
          id: expect.any(Number),
          name: "Kelowna",
          postalPrefixes: ["V1Y", "V1W"],
          fee: 6.5,
          freeOver: 80,
        },
      ],
      windows: [
        {
          id: expect.any(Number),
          kind: "delivery",
          weekday: 3,
          start: "14:00",
          end: "18:00",
          cutoffHours: 24,
          capacity: 12,
          pickupPointId: null,
        },
        savedPickupWindow({ id: expect.any(Number), pickupPointId: point.id }),
      ],
    });
    const farm = await db.farm.findUniqueOrThrow({ where: { id: me.farm.id } });
    expect([farm.timeZone, farm.minimumOrderCents]).toEqual(["America/Edmonton", 2500]);
    expect((await get(me.cookie)).json).toEqual(res.json);
  });

  it("entries left out are retired, not deleted; kept ids are updated in place", async () => {
    const me = await createFarmerWithSession();
    const first = await put(me.cookie, {
      timeZone: "America/Vancouver",
      minimumOrder: 0,
      pickupPoints: [market, { name: "Farm gate", address: "4400 Rose Rd", notes: "" }],
      deliveryZones: [kelowna],
      windows: [
        pickupWindowInput(),
        pickupWindowInput({
          weekday: 0,
          start: "10:00",
          end: "12:00",
          cutoffHours: 20,
          pickupPointIndex: 1,
        }),
      ],
    });
    expect(first.status, first.text).toBe(200);
    const [gate, mkt] = [first.json.pickupPoints[1], first.json.pickupPoints[0]];
    const sunday = first.json.windows.find((w: { weekday: number }) => w.weekday === 0);
    const second = await put(me.cookie, {
      timeZone: "America/Vancouver",
      minimumOrder: 10,
      pickupPoints: [{ ...gate, name: "Farm gate (barn)" }],
      deliveryZones: [],
      windows: [{ ...sunday, end: "13:30" }],
    });
    expect(second.status, second.text).toBe(200);
    expect(second.json.pickupPoints).toEqual([{ ...gate, name: "Farm gate (barn)" }]);
    expect(second.json.windows).toEqual([{ ...sunday, end: "13:30" }]);
    expect(second.json.deliveryZones).toEqual([]);
    // The market point and its window stay in the database, archived, for orders that point at them.
    expect((await db.pickupPoint.findUniqueOrThrow({ where: { id: mkt.id } })).archived).toBe(true);
    expect(await db.fulfilmentWindow.count({ where: { farmId: me.farm.id, archived: true } })).toBe(
      1,
    );
    expect(await db.deliveryZone.count({ where: { farmId: me.farm.id, archived: true } })).toBe(1);
  });

  it("answers 400 per field: end after start, cutoff range, a pickup window names a point, fees ≥ 0, a zone before a delivery window", async () => {
    const me = await createFarmerWithSession();
    const res = await put(me.cookie, {
      timeZone: "Mars/Olympus",
      minimumOrder: -1,
      pickupPoints: [{ name: "", address: "Somewhere" }],
      deliveryZones: [{ name: "Far", postalPrefixes: ["V1Y!"], fee: -2 }],
      windows: [
        { kind: "pickup", weekday: 6, start: "13:00", end: "09:00", cutoffHours: 400 },
        { kind: "delivery", weekday: 7, start: "9am", end: "10:00", cutoffHours: 1.5, capacity: 0 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("validation");
    expect(res.json.errors).toMatchObject({
      timeZone: expect.stringContaining("time zone"),
      minimumOrder: expect.stringContaining("minimum order"),
      "pickupPoints.0.name": "Name is required",
      "deliveryZones.0.postalPrefixes.0": expect.stringContaining("Postal prefixes"),
      "deliveryZones.0.fee": expect.stringContaining("fee"),
      "windows.0.end": "End must be after start",
      "windows.0.cutoffHours": expect.stringContaining("0 to 336"),
      "windows.1.weekday": "Choose a day of the week",
      "windows.1.start": expect.stringContaining("09:00"),
      "windows.1.capacity": expect.stringContaining("Capacity"),
    });
    const noPoint = await put(me.cookie, {
      timeZone: "America/Vancouver",
      minimumOrder: 0,
      pickupPoints: [],
      deliveryZones: [],
      windows: [
        { kind: "pickup", weekday: 6, start: "09:00", end: "10:00", cutoffHours: 4 },
        { kind: "delivery", weekday: 1, start: "09:00", end: "10:00", cutoffHours: 4 },
      ],
    });
    expect(noPoint.status).toBe(400);
    expect(noPoint.json.errors).toEqual({
      "windows.0.pickupPointId": "Choose where buyers pick up",
      "windows.1.kind": "Add a delivery zone before a delivery window",
    });
    expect(await db.fulfilmentWindow.count({ where: { farmId: me.farm.id } })).toBe(0);
  });

  it("another farm's point, zone or window ids are refused as unknown, and nothing of theirs changes", async () => {
    const other = await createFarmerWithSession();
    const theirs = await put(other.cookie, settings());
    const me = await createFarmerWithSession();
    const res = await put(me.cookie, {
      timeZone: "America/Vancouver",
      minimumOrder: 0,
      pickupPoints: [{ ...theirs.json.pickupPoints[0], name: "Mine now" }],
      deliveryZones: [{ ...theirs.json.deliveryZones[0] }],
      windows: [{ ...theirs.json.windows[0] }],
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      "pickupPoints.0.id": "Unknown pickup point",
      "deliveryZones.0.id": "Unknown delivery zone",
      "windows.0.id": "Unknown window",
    });
    expect((await get(other.cookie)).json).toEqual(theirs.json);
  });

  it("only farmers have fulfilment settings (403), and signed-out callers get 401", async () => {
    const shopper = await createUserWithSession();
    expect((await get(shopper.cookie)).status).toBe(403);
    expect((await call(settingsRoute.GET, "/api/my-farm/fulfilment")).status).toBe(401);
  });

  it("buyers see the saved windows as slots, soonest first, and checkout's view adds zones and the minimum", async () => {
    const me = await createFarmerWithSession({ farmName: "Slot Farm" });
    const saved = await put(
      me.cookie,
      settings({
        minimumOrder: 20,
        deliveryZones: [kelowna, { name: "West Kelowna", postalPrefixes: ["V4T"], fee: 4 }],
        windows: [
          pickupWindowInput({ capacity: 30 }),
          { kind: "delivery", weekday: 3, start: "14:00", end: "18:00", cutoffHours: 24 },
        ],
      }),
    );
    expect(saved.status, saved.text).toBe(200);
    const id = String(me.farm.id);
    const slots = await call(slotsRoute.GET, `/api/farms/${id}/slots?days=14`, { params: { id } });
    expect(slots.status).toBe(200);
    expect(slots.json.length).toBeGreaterThanOrEqual(3);
    const starts = slots.json.map((s: { start: string }) => Date.parse(s.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const s of slots.json) expect(Date.parse(s.cutoff)).toBeGreaterThan(Date.now());
    const pickup = slots.json.find((s: { kind: string }) => s.kind === "pickup");
    expect(pickup).toMatchObject({
      fee: 0,
      remaining: 30,
      pickupPoint: { name: market.name, address: market.address },
    });
    expect(pickup.start).toMatch(/T09:00:00\.000-07:00$/);
    const delivery = slots.json.find((s: { kind: string }) => s.kind === "delivery");
    expect(delivery).toMatchObject({ fee: 4, remaining: null });
    expect(delivery).not.toHaveProperty("pickupPoint");

    const view = await call(farmFulfilmentRoute.GET, `/api/farms/${id}/fulfilment`, {
      params: { id },
    });
    expect(view.json).toMatchObject({
      farmId: me.farm.id,
      farmName: "Slot Farm",
      minimumOrder: 20,
      timeZone: "America/Vancouver",
      slots: slots.json,
    });
    expect(view.json.deliveryZones.map((z: { name: string }) => z.name)).toEqual([
      "Kelowna",
      "West Kelowna",
    ]);
  });

  it("GET /api/farms/{id}/slots answers Vancouver's -07:00 from our tz data, not Node's stale PST (-08:00)", async () => {
    const me = await createFarmerWithSession();
    const every = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      kind: "delivery",
      weekday,
      start: "15:00",
      end: "17:00",
      cutoffHours: 0,
    }));
    const saved = await put(me.cookie, {
      timeZone: "America/Vancouver",
      minimumOrder: 0,
      pickupPoints: [],
      deliveryZones: [kelowna],
      windows: every,
    });
    expect(saved.status, saved.text).toBe(200);
    const id = String(me.farm.id);
    const slots = await call(slotsRoute.GET, `/api/farms/${id}/slots?days=14`, { params: { id } });
    expect(slots.json.length).toBeGreaterThanOrEqual(13);
    for (const s of slots.json as { start: string; end: string; cutoff: string }[]) {
      // Permanent UTC−7 from 1 November 2026 (tz database 2026b on): a 3 pm slot is 22:00 UTC.
      expect([s.start, s.end, s.cutoff].map((t) => t.slice(-18))).toEqual([
        "15:00:00.000-07:00",
        "17:00:00.000-07:00",
        "15:00:00.000-07:00",
      ]);
      expect(new Date(s.start).toISOString()).toMatch(/T22:00:00\.000Z$/);
    }
  });

  it("a farm without windows answers [] (it sells without a slot); an unknown farm is 404; days is checked", async () => {
    const me = await createFarmerWithSession();
    const id = String(me.farm.id);
    expect((await call(slotsRoute.GET, `/api/farms/${id}/slots`, { params: { id } })).json).toEqual(
      [],
    );
    expect(
      (await call(slotsRoute.GET, "/api/farms/999999/slots", { params: { id: "999999" } })).status,
    ).toBe(404);
    const bad = await call(slotsRoute.GET, `/api/farms/${id}/slots?days=0`, { params: { id } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ days: "days must be a whole number from 1 to 60" });
  });
});
