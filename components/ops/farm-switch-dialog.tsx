"use client";
import type { ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
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
  return (
    <FormDialog
      open={farm !== null}
      onClose={onClose}
      title={
        <>
          {verb} {farm ? possessive(farm.farmName) : ""} {noun}
        </>
      }
      description={description}
      onSubmit={onSubmit}
      submit={`${verb} ${noun}`}
      busy={busy}
    >
      <Field id={id} label="Reason" error={error}>
        <Input id={id} name="reason" required minLength={minLength} maxLength={500} />
      </Field>
    </FormDialog>
  );
}
