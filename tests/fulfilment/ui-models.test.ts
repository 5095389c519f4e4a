/**
 * The pure parts behind the fulfilment screens: the settings form's text → PUT body (and its
 * messages on the form's own field paths), and checkout's per-farm fee, minimum and problems.
 */
import { describe, expect, it } from "vitest";
import {
  applyChoice,
  farmState,
  fulfilmentBody,
  initialChoice,
  zoneFor,
} from "@/components/checkout/fulfilment-choice";
import {
  renamedPoints,
  sectionSave,
  toForm,
  toPayload,
  validate,
  type FulfilmentForm,
} from "@/components/farm/fulfilment-model";
import { fulfilmentSettingsSchema } from "@/lib/validators/fulfilment";
import { ordersByDate } from "@/components/farm/orders-by-date";
import { formFieldOf } from "@/lib/client/form-errors";
import type { AddressJson, FarmFulfilmentJson, SlotJson } from "@/lib/contracts/fulfilment";
import { savedPickupWindow } from "../support/fulfilment";

const form = (over: Partial<FulfilmentForm> = {}): FulfilmentForm => ({
  timeZone: "America/Vancouver",
  minimumOrder: "0",
  pickupPoints: [{ ref: "n1", name: "Market", address: "1304 Ellis St", notes: "" }],
  deliveryZones: [{ name: "Kelowna", postalPrefixes: "v1y, V1W  v1x", fee: "5", freeOver: "" }],
  windows: [
    {
      kind: "pickup",
      weekday: "6",
      start: "09:00",
      end: "13:00",
      cutoffHours: "40",
      capacity: "",
      pickupPointId: "n1",
    },
  ],
  ...over,
});

describe("settings form → PUT body", () => {
  it("names a new point by its index, an existing one by id; prefixes split on commas and spaces", () => {
    const body = toPayload(form());
    expect(body.windows[0]).toMatchObject({
      pickupPointId: null,
      pickupPointIndex: 0,
      capacity: null,
      cutoffHours: 40,
      weekday: 6,
    });
    expect(body.deliveryZones[0]).toMatchObject({
      postalPrefixes: ["v1y", "V1W", "v1x"],
      fee: 5,
      freeOver: null,
    });
    const saved = toForm({
      timeZone: "America/Vancouver",
      minimumOrder: 12.5,
      pickupPoints: [{ id: 7, name: "Gate", address: "Farm", notes: "" }],
      deliveryZones: [],
      windows: [savedPickupWindow({ id: 3, pickupPointId: 7, capacity: 20 })],
    });
    expect(saved.minimumOrder).toBe("12.50");
    expect(toPayload(saved).windows[0]).toMatchObject({
      id: 3,
      pickupPointId: 7,
      pickupPointIndex: null,
      capacity: 20,
    });
    expect(validate(form())).toEqual({});
  });

  it("puts each message on the form's field (a window's own rules first, then how it fits the rest)", () => {
    const win = form().windows[0];
    const errors = validate(
      form({
        windows: [
          { ...win, start: "13:00", end: "09:00" },
          { ...win, cutoffHours: "x" },
          { ...win, kind: "delivery", capacity: "0", pickupPointId: "" },
        ],
        deliveryZones: [{ name: "", postalPrefixes: "V1Y, !!", fee: "-1", freeOver: "" }],
      }),
    );
    expect(errors["windows.0.end"]).toBe("End must be after start");
    expect(errors["windows.1.cutoffHours"]).toMatch(/^Cutoff must be/);
    expect(errors["windows.2.capacity"]).toMatch(/^Capacity must be/);
    expect(errors["deliveryZones.0.name"]).toBe("Name is required");
    expect(errors["deliveryZones.0.fee"]).toMatch(/^The fee must be/);
    expect(validate(form({ windows: [{ ...win, pickupPointId: "gone" }] }))).toEqual({
      "windows.0.pickupPointId": "Choose where buyers pick up",
    });
    expect(validate(form({ deliveryZones: [], windows: [{ ...win, kind: "delivery" }] }))).toEqual({
      "windows.0.kind": "Add a delivery zone before a delivery window",
    });
    expect(formFieldOf(form(), "deliveryZones.0.postalPrefixes.1")).toBe(
      "deliveryZones.0.postalPrefixes",
    );
    expect(formFieldOf(form(), "windows.0.end")).toBe("windows.0.end");
    expect(formFieldOf(form(), "windows.9.end")).toBeNull();
    expect(formFieldOf(form(), "windows")).toBeNull();
  });
});

const slot = (over: Partial<SlotJson>): SlotJson => ({
  slotId: "w1-2026-11-28",
  kind: "pickup",
  start: "2026-11-28T09:00:00.000-07:00",
  end: "2026-11-28T13:00:00.000-07:00",
  cutoff: "2026-11-26T17:00:00.000-07:00",
  fee: 0,
  remaining: null,
  ...over,
});
const farm: FarmFulfilmentJson = {
  farmId: 4,
  farmName: "Sunny Slope Orchards",
  timeZone: "America/Vancouver",
  taxRates: [],
  minimumOrder: 10,
  deliveryZones: [
    { id: 1, name: "Kelowna", postalPrefixes: ["V1"], fee: 8, freeOver: null },
    { id: 2, name: "Downtown", postalPrefixes: ["V1Y"], fee: 5, freeOver: 50 },
  ],
  slots: [
    slot({ remaining: 0, slotId: "w1-2026-11-21" }),
    slot({}),
    slot({ slotId: "w2-2026-12-02", kind: "delivery", fee: 5 }),
  ],
};
const address = (postalCode: string, id = 1): AddressJson => ({
  id,
  label: "Home",
  line1: "1 Bernard Ave",
  city: "Kelowna",
  postalCode,
  notes: "",
  isDefault: true,
});

describe("settings form: one section saved at a time", () => {
  const saved = toForm({
    timeZone: "America/Vancouver",
    minimumOrder: 10,
    pickupPoints: [{ id: 7, name: "Gate", address: "Farm", notes: "" }],
    deliveryZones: [{ id: 2, name: "Town", postalPrefixes: ["V1Y"], fee: 5, freeOver: null }],
    windows: [savedPickupWindow({ id: 3, pickupPointId: 7 })],
  });

  it("sends the section as typed and every other section as saved; the body is the PUT's", () => {
    // Typed but unsaved everywhere: only the basics go.
    const typed: FulfilmentForm = {
      ...saved,
      minimumOrder: "25",
      deliveryZones: [{ ...saved.deliveryZones[0], fee: "oops" }],
      windows: [{ ...saved.windows[0], end: "08:00" }],
    };
    const { merged, problems } = sectionSave("basics", saved, typed);
    expect(problems).toEqual({});
    expect(merged).toEqual({ ...saved, minimumOrder: "25" });
    const body = fulfilmentSettingsSchema.parse(toPayload(merged));
    expect(body.minimumOrder).toBe(25);
    expect(body.deliveryZones[0].fee).toBe(5);
    expect(body.windows[0]).toMatchObject({ id: 3, end: "13:00", pickupPointId: 7 });

    // The windows' own problems show when the windows are saved, not before.
    expect(sectionSave("windows", saved, typed).problems).toEqual({
      "windows.0.end": "End must be after start",
    });
    expect(sectionSave("zones", saved, typed).problems).toHaveProperty(["deliveryZones.0.fee"]);
  });

  it("a window names only a saved point; a point a saved window uses is not dropped", () => {
    const point = { ref: "n9", name: "Market", address: "Main St", notes: "" };
    const typed: FulfilmentForm = {
      ...saved,
      pickupPoints: [...saved.pickupPoints, point],
      windows: [...saved.windows, { ...saved.windows[0], id: undefined, pickupPointId: "n9" }],
    };
    expect(sectionSave("windows", saved, typed).problems).toEqual({
      "windows.1.pickupPointId": "Save this pickup point first, under Pickup points",
    });
    // The points first: the new one is sent by index; then it has an id and a new ref.
    const points = sectionSave("points", saved, typed);
    expect(points.problems).toEqual({});
    expect(toPayload(points.merged).pickupPoints).toEqual([
      { id: 7, name: "Gate", address: "Farm", notes: "" },
      { name: "Market", address: "Main St", notes: "" },
    ]);
    const after = toForm({
      ...fulfilmentSettingsSchema.parse(toPayload(saved)),
      minimumOrder: 10,
      pickupPoints: [
        { id: 7, name: "Gate", address: "Farm", notes: "" },
        { id: 8, name: "Market", address: "Main St", notes: "" },
      ],
      deliveryZones: [{ id: 2, name: "Town", postalPrefixes: ["V1Y"], fee: 5, freeOver: null }],
      windows: saved.windows.map(() => savedPickupWindow({ id: 3, pickupPointId: 7 })),
    });
    expect(renamedPoints(saved, points.merged, after)).toEqual(new Map([["n9", "p8"]]));

    // Dropping the Gate, which the saved window uses, is refused with the reason.
    expect(sectionSave("points", saved, { ...saved, pickupPoints: [point] }).problems).toEqual({
      pickupPoints:
        "A saved window still uses Gate: move it to another point and save the windows first",
    });
  });
});

describe("checkout: one farm's handover", () => {
  it("prices delivery in the cheapest zone that covers the postal code, free-over applied", () => {
    expect(zoneFor(farm.deliveryZones, "v1y 2k3", 20)).toMatchObject({
      zone: { name: "Downtown" },
      fee: 5,
    });
    expect(zoneFor(farm.deliveryZones, "V1W 2K3", 20)).toMatchObject({
      zone: { name: "Kelowna" },
      fee: 8,
    });
    expect(
      zoneFor([{ ...farm.deliveryZones[0], freeOver: 15 }, farm.deliveryZones[1]], "V1Y 2K3", 20),
    ).toMatchObject({ zone: { name: "Kelowna" }, fee: 0, waived: true });
    expect(zoneFor(farm.deliveryZones, "V4T 2Z1", 20)).toBeNull();
    const choice = { kind: "delivery" as const, slotId: "w2-2026-12-02", addressId: 1 };
    expect(farmState(farm, 20, choice, [address("V1Y 2K3")])).toMatchObject({
      fee: 5,
      problem: null,
    });
    expect(farmState(farm, 50, choice, [address("V1Y 2K3")])).toMatchObject({
      fee: 0,
      feeNote: "Free delivery",
    });
    expect(farmState(farm, 20, choice, [address("V4T 2Z1")]).problem).toBe(
      "Sunny Slope Orchards does not deliver to V4T",
    );
    expect(fulfilmentBody(farmState(farm, 20, choice, [address("V1Y 2K3")]))).toEqual({
      slotId: "w2-2026-12-02",
      addressId: 1,
    });
  });

  it("starts on pickup's soonest open slot; a minimum, a full or missing slot stop paying", () => {
    const first = initialChoice(farm, [address("V1Y 2K3")]);
    expect(first).toEqual({ kind: "pickup", slotId: "w1-2026-11-28", addressId: 1 });
    expect(farmState(farm, 20, first, []).problem).toBeNull();
    expect(fulfilmentBody(farmState(farm, 20, first, []))).toEqual({ slotId: "w1-2026-11-28" });
    expect(farmState(farm, 9.99, first, []).problem).toBe(
      "The minimum order at Sunny Slope Orchards is $10.00",
    );
    expect(farmState(farm, 20, { kind: "pickup", slotId: "w1-2026-11-21" }, []).problem).toBe(
      "That time is full: choose another",
    );
    expect(farmState(farm, 20, { kind: "pickup" }, [])).toMatchObject({
      problem: "Choose a pickup time",
      unchosen: true,
    });
    expect(farmState(farm, 20, { kind: "pickup", slotId: "w9-2026-11-28" }, []).problem).toBe(
      "That time is no longer available: choose another",
    );
    const none = farmState({ ...farm, minimumOrder: 0, slots: [] }, 20, {}, []);
    expect(none).toMatchObject({ needsSlot: false, problem: null });
    expect(fulfilmentBody(none)).toBeUndefined();
  });
});

describe("checkout: use for all farms", () => {
  const other: FarmFulfilmentJson = {
    ...farm,
    farmId: 5,
    farmName: "Hill Farm",
    minimumOrder: 0,
    deliveryZones: [{ id: 3, name: "Town", postalPrefixes: ["V1Y"], fee: 4, freeOver: null }],
    slots: [
      slot({ slotId: "w5-2026-11-28" }),
      slot({
        slotId: "w6-2026-11-30",
        kind: "delivery",
        start: "2026-11-30T16:00:00.000-07:00",
      }),
      slot({ slotId: "w7-2026-12-02", kind: "delivery", start: "2026-12-02T16:00:00.000-07:00" }),
    ],
  };
  const pickupOnly: FarmFulfilmentJson = {
    ...other,
    farmId: 6,
    farmName: "Gate Stand",
    slots: [slot({ slotId: "w8-2026-11-28" })],
  };

  it("applies delivery to the same address on the same day where it can, and says where not", () => {
    const choice = { kind: "delivery" as const, slotId: "w2-2026-12-02", addressId: 1 };
    const onDay = (s: SlotJson) =>
      s.slotId === choice.slotId ? { ...s, start: "2026-12-02T16:00:00.000-07:00" } : s;
    const from = farmState({ ...farm, slots: farm.slots.map(onDay) }, 20, choice, [
      address("V1Y 2K3"),
    ]);
    expect(applyChoice(from, choice, other, initialChoice(other, []))).toEqual({
      choice: { kind: "delivery", slotId: "w7-2026-12-02", addressId: 1 },
    });
    expect(applyChoice(from, choice, pickupOnly, initialChoice(pickupOnly, []))).toEqual({
      reason: "Gate Stand does not offer delivery",
    });
    // An address the other farm's zones do not cover.
    const far = farmState(farm, 20, choice, [address("V1W 2K3")]);
    expect(applyChoice(far, choice, other, initialChoice(other, []))).toEqual({
      reason: "Hill Farm does not deliver to V1W",
    });
    // Full everywhere: said so.
    const full = { ...other, slots: other.slots.map((s) => ({ ...s, remaining: 0 })) };
    expect(applyChoice(from, choice, full, {})).toEqual({
      reason: "Hill Farm has no open delivery times",
    });
  });

  it("applies pickup, keeping the other farm's own pickup time when it has one", () => {
    const choice = initialChoice(farm, []);
    const from = farmState(farm, 20, choice, []);
    expect(
      applyChoice(from, choice, other, { kind: "delivery", slotId: "w6-2026-11-30", addressId: 2 }),
    ).toEqual({ choice: { kind: "pickup", slotId: "w5-2026-11-28", addressId: 2 } });
    expect(
      applyChoice(from, choice, pickupOnly, { kind: "pickup", slotId: "w8-2026-11-28" }),
    ).toEqual({ choice: { kind: "pickup", slotId: "w8-2026-11-28", addressId: undefined } });
  });
});

describe("incoming orders by date", () => {
  it("groups by the slot's local date, soonest first, orders without a slot last", () => {
    const at = (start: string | null, id: number) => ({ id, fulfilment: start ? { start } : null });
    const groups = ordersByDate([
      at(null, 1),
      at("2026-12-02T14:00:00.000-07:00", 2),
      at("2026-11-28T08:00:00.000-07:00", 3),
      at("2026-12-02T16:00:00.000-07:00", 4),
    ]);
    expect(groups.map((g) => [g.date, g.orders.map((o) => o.id)])).toEqual([
      ["2026-11-28", [3]],
      ["2026-12-02", [2, 4]],
      [null, [1]],
    ]);
  });
});
