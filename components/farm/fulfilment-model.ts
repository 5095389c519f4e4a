import type { FulfilmentSettingsJson } from "@/lib/contracts/fulfilment";
import { amountInputText } from "@/lib/money";
import { fulfilmentSettingsSchema } from "@/lib/validators/fulfilment";
import { FARM_TIME_ZONES } from "@/lib/tz";

/**
 * My Farm → Fulfilment as the form holds it: every input is text (what the farmer typed, kept as
 * typed until it is valid), and a window names its pickup point by the point's `ref`, which stays
 * the same while points are added and removed around it. `toPayload` turns this into the PUT body
 * of /api/my-farm/fulfilment; the paths of its validation messages are the form's field names
 * (`windows.0.end`), as the server's are.
 */
export type PointForm = { id?: number; ref: string; name: string; address: string; notes: string };
export type ZoneForm = {
  id?: number;
  name: string;
  postalPrefixes: string;
  fee: string;
  freeOver: string;
};
export type WindowForm = {
  id?: number;
  kind: "pickup" | "delivery";
  weekday: string;
  start: string;
  end: string;
  cutoffHours: string;
  capacity: string;
  pickupPointId: string;
};
export type FulfilmentForm = {
  timeZone: string;
  minimumOrder: string;
  pickupPoints: PointForm[];
  deliveryZones: ZoneForm[];
  windows: WindowForm[];
};

/** The zones a farm can pick: the ones our tz data carries (lib/tz.ts). */
export const TIME_ZONES = FARM_TIME_ZONES;

export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
/** The weekdays as a select's choices, valued by number (0 = Sunday). */
export const WEEKDAY_CHOICES = WEEKDAY_NAMES.map((d, n) => ({ value: String(n), label: d }));

const pointRef = (id: number) => `p${id}`;
let fresh = 0;
/** A ref for a point added in this form (it has no id until saved). */
export const newPointRef = () => `n${Date.now().toString(36)}${(fresh++).toString(36)}`;

export function toForm(s: FulfilmentSettingsJson): FulfilmentForm {
  return {
    timeZone: s.timeZone,
    minimumOrder: amountInputText(s.minimumOrder),
    pickupPoints: s.pickupPoints.map((p) => ({
      id: p.id,
      ref: pointRef(p.id),
      name: p.name,
      address: p.address,
      notes: p.notes,
    })),
    deliveryZones: s.deliveryZones.map((z) => ({
      id: z.id,
      name: z.name,
      postalPrefixes: z.postalPrefixes.join(", "),
      fee: amountInputText(z.fee),
      freeOver: z.freeOver === null ? "" : amountInputText(z.freeOver),
    })),
    windows: s.windows.map((w) => ({
      id: w.id,
      kind: w.kind,
      weekday: String(w.weekday),
      start: w.start,
      end: w.end,
      cutoffHours: String(w.cutoffHours),
      capacity: w.capacity === null ? "" : String(w.capacity),
      pickupPointId: w.pickupPointId === null ? "" : pointRef(w.pickupPointId),
    })),
  };
}

export const emptyWindow = (kind: "pickup" | "delivery", pickupPointId = ""): WindowForm => ({
  kind,
  weekday: "6",
  start: "09:00",
  end: "13:00",
  cutoffHours: "40",
  capacity: "",
  pickupPointId: kind === "pickup" ? pickupPointId : "",
});

/** Text → number for the schema: blank is `blank`, anything unreadable NaN (the schema says why). */
const num = (s: string, blank: number | null): number | null =>
  s.trim() === "" ? blank : Number(s.trim());

export function toPayload(f: FulfilmentForm) {
  return {
    timeZone: f.timeZone,
    minimumOrder: num(f.minimumOrder, 0),
    pickupPoints: f.pickupPoints.map((p) => ({
      ...(p.id ? { id: p.id } : {}),
      name: p.name,
      address: p.address,
      notes: p.notes,
    })),
    deliveryZones: f.deliveryZones.map((z) => ({
      ...(z.id ? { id: z.id } : {}),
      name: z.name,
      postalPrefixes: z.postalPrefixes.split(/[\s,;]+/).filter(Boolean),
      fee: num(z.fee, 0),
      freeOver: num(z.freeOver, null),
    })),
    windows: f.windows.map((w) => {
      const index =
        w.kind === "pickup" ? f.pickupPoints.findIndex((p) => p.ref === w.pickupPointId) : -1;
      const point = index >= 0 ? f.pickupPoints[index] : undefined;
      return {
        ...(w.id ? { id: w.id } : {}),
        kind: w.kind,
        weekday: Number(w.weekday),
        start: w.start,
        end: w.end,
        cutoffHours: num(w.cutoffHours, NaN),
        capacity: num(w.capacity, null),
        pickupPointId: point?.id ?? null,
        pickupPointIndex: point && !point.id ? index : null,
      };
    }),
  };
}

/** Where a message about `path` of the payload shows in the form (the two names of a pickup point meet on one select). */
export const formPath = (path: string) => path.replace(/\.pickupPointIndex$/, ".pickupPointId");

/** The form checked with the handler's own schema: field path → message (empty when valid). */
export function validate(f: FulfilmentForm): Record<string, string> {
  const result = fulfilmentSettingsSchema.safeParse(toPayload(f));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = formPath(issue.path.join("."));
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The form's sections, each saved on its own (the PUT still carries the whole settings). */
export type SectionName = "basics" | "points" | "zones" | "windows";
export const SECTION_FIELDS: Record<SectionName, (keyof FulfilmentForm)[]> = {
  basics: ["timeZone", "minimumOrder"],
  points: ["pickupPoints"],
  zones: ["deliveryZones"],
  windows: ["windows"],
};

/** Whether a message's path (`windows.0.end`) is one of this section's fields. */
export const inSection = (section: SectionName, path: string) =>
  SECTION_FIELDS[section].some((f) => path === f || path.startsWith(`${f}.`));

/**
 * What saving one section sends: its own values as typed, every other section as last saved (so
 * another section's unsaved edits never go along). A pickup window can only name a saved point,
 * and a point a saved window uses cannot be dropped: both are reported on the section's fields.
 */
export function sectionSave(
  section: SectionName,
  saved: FulfilmentForm,
  values: FulfilmentForm,
): { merged: FulfilmentForm; problems: Record<string, string> } {
  const merged: FulfilmentForm = { ...saved };
  for (const f of SECTION_FIELDS[section]) Object.assign(merged, { [f]: values[f] });
  const problems = validate(merged);
  if (section === "windows") {
    const known = new Set(saved.pickupPoints.map((p) => p.ref));
    merged.windows.forEach((w, i) => {
      if (w.kind === "pickup" && w.pickupPointId && !known.has(w.pickupPointId))
        problems[`windows.${i}.pickupPointId`] =
          "Save this pickup point first, under Pickup points";
    });
  }
  if (section === "points") {
    const kept = new Set(merged.pickupPoints.map((p) => p.ref));
    const used = saved.windows.find((w) => w.kind === "pickup" && !kept.has(w.pickupPointId));
    const point = used && saved.pickupPoints.find((p) => p.ref === used.pickupPointId);
    if (point) {
      // Said once, here, instead of as the saved window's own "choose a pickup point".
      for (const key of Object.keys(problems)) if (key.startsWith("windows.")) delete problems[key];
      problems.pickupPoints = `A saved window still uses ${point.name}: move it to another point and save the windows first`;
    }
  }
  return { merged, problems };
}

/**
 * After the pickup points are saved, new points have ids (and so new refs): the ref each new
 * point had in the form → its ref now. New points are created in the order they were sent, and
 * the saved list is in id order, so the n-th new point sent is the n-th point not there before.
 */
export function renamedPoints(
  before: FulfilmentForm,
  sent: FulfilmentForm,
  after: FulfilmentForm,
): Map<string, string> {
  const known = new Set(before.pickupPoints.map((p) => p.ref));
  const added = after.pickupPoints.filter((p) => !known.has(p.ref));
  return new Map(
    sent.pickupPoints.filter((p) => p.id === undefined).map((p, i) => [p.ref, added[i]?.ref ?? ""]),
  );
}
