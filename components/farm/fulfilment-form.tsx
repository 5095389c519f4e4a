"use client";
import { useState } from "react";
import { useFieldArray, useForm, useWatch, type FieldErrors, type Path } from "react-hook-form";
import { useSWRConfig } from "swr";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, inputClass } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
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
  validate,
  WEEKDAY_NAMES,
  type FulfilmentForm,
} from "./fulfilment-model";

const selectClass = cn(inputClass, "h-12");
const big = "h-12";
const card = "grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm";

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
 * My Farm → Fulfilment (docs/fulfilment.md): time zone, minimum order, pickup points, delivery
 * zones and weekly windows, saved together with one PUT. The handler's own schema checks the form
 * first; whatever the server still refuses comes back per field (`windows.0.end`) and shows on
 * that field. Big controls: farmers fill this in on a phone.
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
  const { register, control, formState, setError, clearErrors, getValues, reset } = form;
  const points = useFieldArray({ control, name: "pickupPoints", keyName: "key" });
  const zones = useFieldArray({ control, name: "deliveryZones", keyName: "key" });
  const windows = useFieldArray({ control, name: "windows", keyName: "key" });
  const watchedPoints = useWatch({ control, name: "pickupPoints" });
  const watchedWindows = useWatch({ control, name: "windows" });
  const [formError, setFormError] = useState<string | null>(null);
  const err = (path: string) => errorAt(formState.errors, path);

  const showErrors = (errors: Record<string, string>) => {
    const values = getValues();
    const unplaced: string[] = [];
    let first: string | null = null;
    for (const [key, message] of Object.entries(errors)) {
      const field = formFieldOf(values, formPath(key));
      if (field) {
        setError(field as Path<FulfilmentForm>, { message });
        first ??= field;
      } else unplaced.push(message);
    }
    setFormError(unplaced.length ? unplaced.join(" ") : null);
    if (first) form.setFocus(first as Path<FulfilmentForm>);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    clearErrors();
    setFormError(null);
    const problems = validate(values);
    if (Object.keys(problems).length) {
      showErrors(problems);
      return;
    }
    try {
      const saved = await apiFetch<FulfilmentSettingsJson>("/api/my-farm/fulfilment", {
        method: "PUT",
        json: toPayload(values),
      });
      reset(toForm(saved));
      void mutate("/api/my-farm/fulfilment", saved, { revalidate: false });
      void mutate(slotsKey);
      toast({
        title: "Fulfilment saved",
        description: "Buyers now see these pickup and delivery times.",
      });
    } catch (e) {
      if (e instanceof ApiError && e.errors) showErrors(e.errors);
      toast({
        title: "Could not save fulfilment",
        description: messageOf(e, "Please try again."),
        variant: "destructive",
      });
    }
  });

  const removePoint = (index: number) => {
    const ref = getValues(`pickupPoints.${index}.ref`);
    points.remove(index);
    // A window that used the removed point asks for another one.
    getValues("windows").forEach((w, i) => {
      if (w.pickupPointId === ref) form.setValue(`windows.${i}.pickupPointId`, "");
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Fulfilment settings" className="grid gap-8">
      <fieldset className={card}>
        <legend className="px-1 text-base font-bold text-ink">Farm basics</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="ff-time-zone"
            label="Time zone"
            hint="Every window and cutoff is read in this zone"
            error={err("timeZone")}
          >
            <select id="ff-time-zone" className={selectClass} {...register("timeZone")}>
              {TIME_ZONES.some((z) => z.value === initial.timeZone) ? null : (
                <option value={initial.timeZone}>{initial.timeZone}</option>
              )}
              {TIME_ZONES.map((z) => (
                <option key={z.value} value={z.value}>
                  {z.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="ff-minimum"
            label="Minimum order (USD)"
            hint="0 for no minimum"
            error={err("minimumOrder")}
          >
            <Input
              id="ff-minimum"
              inputMode="decimal"
              className={big}
              {...register("minimumOrder")}
            />
          </Field>
        </div>
      </fieldset>

      <fieldset className={card}>
        <legend className="px-1 text-base font-bold text-ink">Pickup points</legend>
        {points.fields.length === 0 ? (
          <p className="text-sm text-muted">
            No pickup points yet. Add the market stall or farm gate where buyers collect.
          </p>
        ) : null}
        <ul className="grid gap-4">
          {points.fields.map((p, i) => (
            <li
              key={p.key}
              className="grid gap-3 rounded-xl border border-gray-200 p-3"
              data-testid="pickup-point"
            >
              <div className="grid gap-3 sm:grid-cols-2">
                <Field id={`pp-${i}-name`} label="Name" error={err(`pickupPoints.${i}.name`)}>
                  <Input
                    id={`pp-${i}-name`}
                    className={big}
                    {...register(`pickupPoints.${i}.name`)}
                  />
                </Field>
                <Field
                  id={`pp-${i}-address`}
                  label="Address"
                  error={err(`pickupPoints.${i}.address`)}
                >
                  <Input
                    id={`pp-${i}-address`}
                    className={big}
                    autoComplete="off"
                    {...register(`pickupPoints.${i}.address`)}
                  />
                </Field>
              </div>
              <Field
                id={`pp-${i}-notes`}
                label="Notes (Optional)"
                hint="e.g. Stall 14, by the fountain"
                error={err(`pickupPoints.${i}.notes`)}
              >
                <Input
                  id={`pp-${i}-notes`}
                  className={big}
                  {...register(`pickupPoints.${i}.notes`)}
                />
              </Field>
              <Button
                variant="outline"
                size="lg"
                className="justify-self-start text-red-700"
                onClick={() => removePoint(i)}
              >
                <Trash2 aria-hidden className="h-4 w-4" />
                Remove
                <span className="sr-only"> pickup point {watchedPoints?.[i]?.name || i + 1}</span>
              </Button>
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          size="lg"
          className="justify-self-start"
          onClick={() => points.append({ ref: newPointRef(), name: "", address: "", notes: "" })}
        >
          <Plus aria-hidden className="h-4 w-4" />
          Add pickup point
        </Button>
      </fieldset>

      <fieldset className={card}>
        <legend className="px-1 text-base font-bold text-ink">Delivery zones</legend>
        {zones.fields.length === 0 ? (
          <p className="text-sm text-muted">
            No delivery zones yet. A zone lists the postal codes you deliver to and its fee.
          </p>
        ) : null}
        <ul className="grid gap-4">
          {zones.fields.map((z, i) => (
            <li
              key={z.key}
              className="grid gap-3 rounded-xl border border-gray-200 p-3"
              data-testid="delivery-zone"
            >
              <div className="grid gap-3 sm:grid-cols-2">
                <Field id={`dz-${i}-name`} label="Zone name" error={err(`deliveryZones.${i}.name`)}>
                  <Input
                    id={`dz-${i}-name`}
                    className={big}
                    {...register(`deliveryZones.${i}.name`)}
                  />
                </Field>
                <Field
                  id={`dz-${i}-prefixes`}
                  label="Postal code prefixes"
                  hint="Separated by commas or spaces, e.g. V1V, V1W"
                  error={err(`deliveryZones.${i}.postalPrefixes`)}
                >
                  <Input
                    id={`dz-${i}-prefixes`}
                    className={cn(big, "uppercase")}
                    autoCapitalize="characters"
                    {...register(`deliveryZones.${i}.postalPrefixes`)}
                  />
                </Field>
                <Field
                  id={`dz-${i}-fee`}
                  label="Delivery fee (USD)"
                  error={err(`deliveryZones.${i}.fee`)}
                >
                  <Input
                    id={`dz-${i}-fee`}
                    inputMode="decimal"
                    className={big}
                    {...register(`deliveryZones.${i}.fee`)}
                  />
                </Field>
                <Field
                  id={`dz-${i}-free`}
                  label="Free over (USD, Optional)"
                  hint="Orders from this amount deliver free"
                  error={err(`deliveryZones.${i}.freeOver`)}
                >
                  <Input
                    id={`dz-${i}-free`}
                    inputMode="decimal"
                    className={big}
                    {...register(`deliveryZones.${i}.freeOver`)}
                  />
                </Field>
              </div>
              <Button
                variant="outline"
                size="lg"
                className="justify-self-start text-red-700"
                onClick={() => zones.remove(i)}
              >
                <Trash2 aria-hidden className="h-4 w-4" />
                Remove<span className="sr-only"> delivery zone {i + 1}</span>
              </Button>
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          size="lg"
          className="justify-self-start"
          onClick={() => zones.append({ name: "", postalPrefixes: "", fee: "5", freeOver: "" })}
        >
          <Plus aria-hidden className="h-4 w-4" />
          Add delivery zone
        </Button>
      </fieldset>

      <fieldset className={card}>
        <legend className="px-1 text-base font-bold text-ink">Weekly windows</legend>
        {windows.fields.length === 0 ? (
          <p className="text-sm text-muted">
            No windows yet: buyers can order any time and no date is set. Add a window to sell for a
            pickup or delivery day.
          </p>
        ) : null}
        <ul className="grid gap-4">
          {windows.fields.map((w, i) => {
            const kind = watchedWindows?.[i]?.kind ?? w.kind;
            return (
              <li
                key={w.key}
                className="grid gap-3 rounded-xl border border-gray-200 p-3"
                data-testid="window"
              >
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field
                    id={`w-${i}-kind`}
                    label="Pickup or delivery"
                    error={err(`windows.${i}.kind`)}
                  >
                    <select
                      id={`w-${i}-kind`}
                      className={selectClass}
                      {...register(`windows.${i}.kind`)}
                    >
                      <option value="pickup">Pickup</option>
                      <option value="delivery">Delivery</option>
                    </select>
                  </Field>
                  <Field id={`w-${i}-day`} label="Day" error={err(`windows.${i}.weekday`)}>
                    <select
                      id={`w-${i}-day`}
                      className={selectClass}
                      {...register(`windows.${i}.weekday`)}
                    >
                      {WEEKDAY_NAMES.map((d, n) => (
                        <option key={d} value={String(n)}>
                          {d}
                        </option>
                      ))}
                    </select>
                  </Field>
                  {kind === "pickup" ? (
                    <Field
                      id={`w-${i}-point`}
                      label="Pickup point"
                      error={err(`windows.${i}.pickupPointId`)}
                    >
                      <select
                        id={`w-${i}-point`}
                        className={selectClass}
                        {...register(`windows.${i}.pickupPointId`)}
                      >
                        <option value="">Choose a pickup point</option>
                        {(watchedPoints ?? []).map((p, n) => (
                          <option key={p.ref} value={p.ref}>
                            {p.name || `Pickup point ${n + 1}`}
                          </option>
                        ))}
                      </select>
                    </Field>
                  ) : null}
                  <Field id={`w-${i}-start`} label="Start" error={err(`windows.${i}.start`)}>
                    <Input
                      id={`w-${i}-start`}
                      type="time"
                      className={big}
                      {...register(`windows.${i}.start`)}
                    />
                  </Field>
                  <Field id={`w-${i}-end`} label="End" error={err(`windows.${i}.end`)}>
                    <Input
                      id={`w-${i}-end`}
                      type="time"
                      className={big}
                      {...register(`windows.${i}.end`)}
                    />
                  </Field>
                  <Field
                    id={`w-${i}-cutoff`}
                    label="Orders close (hours before start)"
                    hint="40 = two days before, at the end of the day"
                    error={err(`windows.${i}.cutoffHours`)}
                  >
                    <Input
                      id={`w-${i}-cutoff`}
                      inputMode="numeric"
                      className={big}
                      {...register(`windows.${i}.cutoffHours`)}
                    />
                  </Field>
                  <Field
                    id={`w-${i}-capacity`}
                    label="Capacity (Optional)"
                    hint="Orders per day; empty for no limit"
                    error={err(`windows.${i}.capacity`)}
                  >
                    <Input
                      id={`w-${i}-capacity`}
                      inputMode="numeric"
                      className={big}
                      {...register(`windows.${i}.capacity`)}
                    />
                  </Field>
                </div>
                <Button
                  variant="outline"
                  size="lg"
                  className="justify-self-start text-red-700"
                  onClick={() => windows.remove(i)}
                >
                  <Trash2 aria-hidden className="h-4 w-4" />
                  Remove<span className="sr-only"> window {i + 1}</span>
                </Button>
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="lg"
            onClick={() => windows.append(emptyWindow("pickup", watchedPoints?.[0]?.ref ?? ""))}
          >
            <Plus aria-hidden className="h-4 w-4" />
            Add pickup window
          </Button>
          <Button
            variant="secondary"
            size="lg"
            onClick={() =>
              windows.append({
                ...emptyWindow("delivery"),
                weekday: "3",
                start: "16:00",
                end: "19:00",
                cutoffHours: "24",
              })
            }
          >
            <Plus aria-hidden className="h-4 w-4" />
            Add delivery window
          </Button>
        </div>
      </fieldset>

      {formError ? (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-700"
        >
          {formError}
        </p>
      ) : null}
      <div>
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto"
          disabled={formState.isSubmitting}
          data-testid="fulfilment-save"
        >
          {formState.isSubmitting ? "Saving..." : "Save fulfilment"}
        </Button>
      </div>
    </form>
  );
}
