"use client";
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import {
  FormProvider,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
  type FieldErrors,
  type Path,
} from "react-hook-form";
import { useSWRConfig } from "swr";
import { Check, Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { NativeOptions, type Choice } from "@/components/ui/choice-options";
import { Field } from "@/components/ui/field";
import { Input, inputClass } from "@/components/ui/input";
import { apiFetch, ApiError, messageOf } from "@/lib/client/api";
import { formFieldOf } from "@/lib/client/form-errors";
import { cn } from "@/lib/cn";
import type { FulfilmentSettingsJson } from "@/lib/contracts/fulfilment";
import {
  emptyWindow,
  formPath,
  newPointRef,
  TIME_ZONES,
  toForm,
  toPayload,
  inSection,
  renamedPoints,
  SECTION_FIELDS,
  sectionSave,
  WEEKDAY_CHOICES,
  type FulfilmentForm,
  type SectionName,
} from "./fulfilment-model";

const selectClass = cn(inputClass, "h-12");
const big = "h-12";

const OWNS = SECTION_FIELDS;
const TITLES: Record<SectionName, string> = {
  basics: "Farm basics",
  points: "Pickup points",
  zones: "Delivery zones",
  windows: "Weekly windows",
};
// A delivery zone's inputs and a window's text inputs (see TextFields).
const ZONE_INPUTS: readonly TextInput[] = [
  { name: "name", id: "name", label: "Zone name" },
  {
    name: "postalPrefixes",
    id: "prefixes",
    label: "Postal code prefixes",
    hint: "Separated by commas or spaces, e.g. V1V, V1W",
    className: "uppercase",
    autoCapitalize: "characters",
  },
  { name: "fee", id: "fee", label: "Delivery fee (USD)", inputMode: "decimal" },
  {
    name: "freeOver",
    id: "free",
    label: "Free over (USD, Optional)",
    hint: "Orders from this amount deliver free",
    inputMode: "decimal",
  },
];
const WINDOW_INPUTS: readonly TextInput[] = [
  { name: "start", id: "start", label: "Start", type: "time" },
  { name: "end", id: "end", label: "End", type: "time" },
  {
    name: "cutoffHours",
    id: "cutoff",
    label: "Orders close (hours before start)",
    hint: "40 = two days before, at the end of the day",
    inputMode: "numeric",
  },
  {
    name: "capacity",
    id: "capacity",
    label: "Capacity (Optional)",
    hint: "Orders per day; empty for no limit",
    inputMode: "numeric",
  },
];
const WINDOW_KINDS: readonly Choice[] = [
  { value: "pickup", label: "Pickup" },
  { value: "delivery", label: "Delivery" },
];

type SectionState = { saving: boolean; saved: boolean; error: string | null };
const IDLE: SectionState = { saving: false, saved: false, error: null };

/** The message react-hook-form holds for a dotted path ("windows.0.end"). */
function errorAt(errors: FieldErrors<FulfilmentForm>, path: string): string | undefined {
  let at: unknown = errors;
  for (const part of path.split(".")) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  const message = (at as { message?: unknown } | undefined)?.message;
  return typeof message === "string" ? message : undefined;
}

/**
 * My Farm → Fulfilment (docs/fulfilment.md) in four sections: farm basics, pickup points, delivery
 * zones and weekly windows. Each has its own Save and its own saved/error line, so a farmer on a
 * phone saves one part without scrolling the rest. The API stays one PUT of the whole settings:
 * a section sends its own values with the last saved values of the others, so another section's
 * unsaved edits are never sent along. The handler's schema checks first; what the server still
 * refuses comes back per field (`windows.0.end`) and shows on that field.
 */
export function FulfilmentSettingsForm({
  initial,
  slotsKey,
}: {
  initial: FulfilmentSettingsJson;
  slotsKey: string;
}) {
  const { mutate } = useSWRConfig();
  const form = useForm<FulfilmentForm>({ defaultValues: toForm(initial) });
  const { control, setError, clearErrors, getValues, setValue } = form;
  const [saved, setSaved] = useState<FulfilmentForm>(() => toForm(initial));
  const [states, setStates] = useState<Record<SectionName, SectionState>>({
    basics: IDLE,
    points: IDLE,
    zones: IDLE,
    windows: IDLE,
  });
  const points = useFieldArray({ control, name: "pickupPoints", keyName: "key" });
  const zones = useFieldArray({ control, name: "deliveryZones", keyName: "key" });
  const windows = useFieldArray({ control, name: "windows", keyName: "key" });
  const watched = useWatch({ control }) as FulfilmentForm;
  const watchedPoints = watched.pickupPoints ?? [];
  const watchedWindows = watched.windows ?? [];
  const setState = (name: SectionName, state: Partial<SectionState>) =>
    setStates((s) => ({ ...s, [name]: { ...s[name], ...state } }));
  const changed = (name: SectionName) =>
    OWNS[name].some((f) => JSON.stringify(watched[f]) !== JSON.stringify(saved[f]));

  /** Puts each message on its field in this section; returns the ones that have no field here. */
  const place = (name: SectionName, errors: Record<string, string>) => {
    const values = getValues();
    const rest: string[] = [];
    let first: string | null = null;
    for (const [key, message] of Object.entries(errors)) {
      const field = inSection(name, key) ? formFieldOf(values, formPath(key)) : null;
      if (field) {
        setError(field as Path<FulfilmentForm>, { message });
        first ??= field;
      } else rest.push(message);
    }
    if (first) form.setFocus(first as Path<FulfilmentForm>);
    return rest;
  };

  const save = async (name: SectionName) => {
    const values = getValues();
    clearErrors(OWNS[name]);
    setState(name, { error: null, saved: false });
    const { merged, problems } = sectionSave(name, saved, values);
    if (Object.keys(problems).length) {
      const rest = place(name, problems);
      setState(name, {
        error: rest.length ? rest.join(" ") : "Check the fields marked above",
      });
      return;
    }
    setState(name, { saving: true });
    try {
      const answer = await apiFetch<FulfilmentSettingsJson>("/api/my-farm/fulfilment", {
        method: "PUT",
        json: toPayload(merged),
      });
      const fresh = toForm(answer);
      if (name === "points") {
        // New points get their ids now: windows being edited that named them follow the new refs.
        const renamed = renamedPoints(saved, merged, fresh);
        getValues("windows").forEach((w, i) => {
          if (renamed.has(w.pickupPointId))
            setValue(`windows.${i}.pickupPointId`, renamed.get(w.pickupPointId)!);
        });
        points.replace(fresh.pickupPoints);
      } else if (name === "zones") zones.replace(fresh.deliveryZones);
      else if (name === "windows") windows.replace(fresh.windows);
      else {
        setValue("timeZone", fresh.timeZone);
        setValue("minimumOrder", fresh.minimumOrder);
      }
      setSaved(fresh);
      setState(name, { saving: false, saved: true });
      void mutate("/api/my-farm/fulfilment", answer, { revalidate: false });
      void mutate(slotsKey);
    } catch (e) {
      const rest = e instanceof ApiError && e.errors ? place(name, e.errors) : [];
      setState(name, {
        saving: false,
        error: rest.length ? rest.join(" ") : messageOf(e, "Could not save. Please try again."),
      });
    }
  };

  const removePoint = (index: number) => {
    const ref = getValues(`pickupPoints.${index}.ref`);
    points.remove(index);
    // A window that used the removed point asks for another one.
    getValues("windows").forEach((w, i) => {
      if (w.pickupPointId === ref) setValue(`windows.${i}.pickupPointId`, "");
    });
  };

  const section = (name: SectionName, children: ReactNode) => (
    <Section name={name} state={states[name]} dirty={changed(name)} onSave={() => void save(name)}>
      {children}
    </Section>
  );

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(e) => e.preventDefault()}
        noValidate
        aria-label="Fulfilment settings"
        className="grid gap-8"
      >
        {section(
          "basics",
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              path="timeZone"
              id="ff-time-zone"
              label="Time zone"
              hint="Every window and cutoff is read in this zone"
              options={[
                ...(TIME_ZONES.some((z) => z.value === initial.timeZone)
                  ? []
                  : [{ value: initial.timeZone, label: initial.timeZone }]),
                ...TIME_ZONES,
              ]}
            />
            <TextField
              path="minimumOrder"
              id="ff-minimum"
              label="Minimum order (USD)"
              hint="0 for no minimum"
              inputMode="decimal"
            />
          </div>,
        )}

        {section(
          "points",
          <ItemList
            testId="pickup-point"
            items={points.fields}
            empty="No pickup points yet. Add the market stall or farm gate where buyers collect."
            removeLabel={(i) => `pickup point ${watchedPoints[i]?.name || i + 1}`}
            onRemove={removePoint}
            add={[
              {
                label: "Add pickup point",
                onClick: () =>
                  points.append({ ref: newPointRef(), name: "", address: "", notes: "" }),
              },
            ]}
            render={(i) => (
              <>
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField path={`pickupPoints.${i}.name`} id={`pp-${i}-name`} label="Name" />
                  <TextField
                    path={`pickupPoints.${i}.address`}
                    id={`pp-${i}-address`}
                    label="Address"
                    autoComplete="off"
                  />
                </div>
                <TextField
                  path={`pickupPoints.${i}.notes`}
                  id={`pp-${i}-notes`}
                  label="Notes (Optional)"
                  hint="e.g. Stall 14, by the fountain"
                />
              </>
            )}
          />,
        )}

        {section(
          "zones",
          <ItemList
            testId="delivery-zone"
            items={zones.fields}
            empty="No delivery zones yet. A zone lists the postal codes you deliver to and its fee."
            removeLabel={(i) => `delivery zone ${i + 1}`}
            onRemove={(i) => zones.remove(i)}
            add={[
              {
                label: "Add delivery zone",
                onClick: () =>
                  zones.append({ name: "", postalPrefixes: "", fee: "5", freeOver: "" }),
              },
            ]}
            render={(i) => (
              <div className="grid gap-3 sm:grid-cols-2">
                <TextFields path={`deliveryZones.${i}`} idPrefix={`dz-${i}`} inputs={ZONE_INPUTS} />
              </div>
            )}
          />,
        )}

        {section(
          "windows",
          <ItemList
            testId="window"
            items={windows.fields}
            empty="No windows yet: buyers can order any time and no date is set. Add a window to sell for a pickup or delivery day."
            removeLabel={(i) => `window ${i + 1}`}
            onRemove={(i) => windows.remove(i)}
            add={[
              {
                label: "Add pickup window",
                onClick: () => windows.append(emptyWindow("pickup", watchedPoints[0]?.ref ?? "")),
              },
              {
                label: "Add delivery window",
                onClick: () =>
                  windows.append({
                    ...emptyWindow("delivery"),
                    weekday: "3",
                    start: "16:00",
                    end: "19:00",
                    cutoffHours: "24",
                  }),
              },
            ]}
            render={(i) => (
              <div className="grid gap-3 sm:grid-cols-3">
                <SelectField
                  path={`windows.${i}.kind`}
                  id={`w-${i}-kind`}
                  label="Pickup or delivery"
                  options={WINDOW_KINDS}
                />
                <SelectField
                  path={`windows.${i}.weekday`}
                  id={`w-${i}-day`}
                  label="Day"
                  options={WEEKDAY_CHOICES}
                />
                {(watchedWindows[i]?.kind ?? windows.fields[i]?.kind) === "pickup" ? (
                  <SelectField
                    path={`windows.${i}.pickupPointId`}
                    id={`w-${i}-point`}
                    label="Pickup point"
                    options={[
                      { value: "", label: "Choose a pickup point" },
                      ...watchedPoints.map((p, n) => ({
                        value: p.ref,
                        label: p.name || `Pickup point ${n + 1}`,
                      })),
                    ]}
                  />
                ) : null}
                <TextFields path={`windows.${i}`} idPrefix={`w-${i}`} inputs={WINDOW_INPUTS} />
              </div>
            )}
          />,
        )}
      </form>
    </FormProvider>
  );
}

/**
 * One part of the form: a card with its title, its fields, its own Save button and a line that says
 * whether it is saved, has unsaved changes, or was refused (and why).
 */
function Section({
  name,
  state,
  dirty,
  onSave,
  children,
}: {
  name: SectionName;
  state: SectionState;
  dirty: boolean;
  onSave: () => void;
  children: ReactNode;
}) {
  const title = TITLES[name];
  const titleId = `ff-${name}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
      data-testid={`ff-section-${name}`}
    >
      <h3 id={titleId} className="text-base font-bold text-ink">
        {title}
      </h3>
      {children}
      <div className="flex flex-wrap items-center gap-3 border-t border-gray-100 pt-4">
        <Button
          type="button"
          size="lg"
          className="w-full sm:w-auto"
          disabled={state.saving}
          onClick={onSave}
          data-testid={`ff-save-${name}`}
        >
          {state.saving ? "Saving..." : `Save ${title.toLowerCase()}`}
        </Button>
        <p role="status" className="text-sm" data-testid={`ff-status-${name}`}>
          {state.saving ? null : state.error ? null : dirty ? (
            <span className="text-amber-800">Unsaved changes</span>
          ) : state.saved ? (
            <span className="flex items-center gap-1 font-medium text-brand-800">
              <Check aria-hidden className="h-4 w-4" /> Saved. Buyers now see these times.
            </span>
          ) : null}
        </p>
      </div>
      {state.error ? (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-700"
          data-testid={`ff-error-${name}`}
        >
          {state.error}
        </p>
      ) : null}
    </section>
  );
}

/** A section's list of points, zones or windows: each in its own box with Remove, then the Add buttons. */
function ItemList({
  testId,
  items,
  empty,
  removeLabel,
  onRemove,
  add,
  render,
}: {
  testId: string;
  items: { key: string }[];
  empty: string;
  removeLabel: (index: number) => string;
  onRemove: (index: number) => void;
  add: { label: string; onClick: () => void }[];
  render: (index: number) => ReactNode;
}) {
  return (
    <>
      {items.length === 0 ? <p className="text-sm text-muted">{empty}</p> : null}
      <ul className="grid gap-4">
        {items.map((item, i) => (
          <li
            key={item.key}
            className="grid gap-3 rounded-xl border border-gray-200 p-3"
            data-testid={testId}
          >
            {render(i)}
            <Button
              variant="outline"
              size="lg"
              className="justify-self-start text-red-700"
              onClick={() => onRemove(i)}
            >
              <Trash2 aria-hidden className="h-4 w-4" />
              Remove<span className="sr-only"> {removeLabel(i)}</span>
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {add.map((a) => (
          <Button key={a.label} variant="secondary" size="lg" onClick={a.onClick}>
            <Plus aria-hidden className="h-4 w-4" />
            {a.label}
          </Button>
        ))}
      </div>
    </>
  );
}

type InputAttributes = InputHTMLAttributes<HTMLInputElement>;
type FieldProps = { path: Path<FulfilmentForm>; id: string; label: string; hint?: string };

/** A big text input bound to the form at `path`, with its label, hint and error. */
function TextField({ path, id, label, hint, className, ...input }: FieldProps & InputAttributes) {
  const { register, formState } = useFormContext<FulfilmentForm>();
  return (
    <Field id={id} label={label} hint={hint} error={errorAt(formState.errors, path)}>
      <Input id={id} className={cn(big, className)} {...input} {...register(path)} />
    </Field>
  );
}

type TextInput = { name: string; id: string; label: string; hint?: string } & InputAttributes;

/** An item's text inputs, in order: each bound at `${path}.${name}`, its id `${idPrefix}-${id}`. */
function TextFields({
  path,
  idPrefix,
  inputs,
}: {
  path: string;
  idPrefix: string;
  inputs: readonly TextInput[];
}) {
  return inputs.map(({ name, id, ...input }) => (
    <TextField
      key={name}
      path={`${path}.${name}` as Path<FulfilmentForm>}
      id={`${idPrefix}-${id}`}
      {...input}
    />
  ));
}

/** A big select bound to the form at `path`. */
function SelectField({
  path,
  id,
  label,
  hint,
  options,
}: FieldProps & { options: readonly Choice[] }) {
  const { register, formState } = useFormContext<FulfilmentForm>();
  return (
    <Field id={id} label={label} hint={hint} error={errorAt(formState.errors, path)}>
      <select id={id} className={selectClass} {...register(path)}>
        <NativeOptions choices={options} />
      </select>
    </Field>
  );
}
