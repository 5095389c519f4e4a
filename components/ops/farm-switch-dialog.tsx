"use client";
import { useState, type ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { FormDialog, formText } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { possessive } from "@/lib/format";

/**
 * Ops turning one of a farm's switches on or off (its listings paused, its payouts held), with the
 * reason for the record: "Pause Green Acres's listings", submitted by "Pause listings".
 */
export function FarmSwitchDialog({
  farm,
  on,
  verbs: [turnOn, turnOff],
  noun,
  description,
  id,
  minLength,
  error,
  busy,
  onClose,
  onSubmit,
}: {
  /** The farm asked about (null: the dialog is closed). */
  farm: { farmName: string } | null;
  /** Whether its switch is on now. */
  on: boolean | undefined;
  verbs: [on: string, off: string];
  noun: string;
  description: ReactNode;
  /** The reason field's id. */
  id: string;
  minLength?: number;
  error: string | undefined;
  busy: boolean;
  onClose: () => void;
  onSubmit: (form: FormData) => void;
}) {
  const verb = on ? turnOff : turnOn;
  // Checked here and said under the field: the browser's own bubble covered the submit button.
  const [tooShort, setTooShort] = useState<string>();
  const least = minLength ?? 1;
  function submit(form: FormData) {
    if (formText(form, "reason").length < least) {
      setTooShort(
        least > 1
          ? `Give a reason of at least ${least} characters`
          : "Give a reason for the record",
      );
      document.getElementById(id)?.focus();
      return;
    }
    setTooShort(undefined);
    onSubmit(form);
  }
  return (
    <FormDialog
      open={farm !== null}
      onClose={() => {
        setTooShort(undefined);
        onClose();
      }}
      noValidate
      title={
        <>
          {verb} {farm ? possessive(farm.farmName) : ""} {noun}
        </>
      }
      description={description}
      onSubmit={submit}
      submit={`${verb} ${noun}`}
      busy={busy}
    >
      <Field id={id} label="Reason" error={tooShort ?? error}>
        <Input id={id} name="reason" aria-required="true" maxLength={500} />
      </Field>
    </FormDialog>
  );
}
