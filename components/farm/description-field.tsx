"use client";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { cn } from "@/lib/cn";

/** The optional free text buyers read on a farm's or a product's page, as a react-hook-form textarea. */
export function DescriptionField<T extends FieldValues & { description?: unknown }>({
  form,
  id,
  rows,
}: {
  form: UseFormReturn<T>;
  id: string;
  rows: number;
}) {
  const name = "description" as Path<T>;
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <Field id={id} label="Description (Optional)" error={error}>
      <textarea id={id} rows={rows} className={cn(inputClass, "py-2")} {...form.register(name)} />
    </Field>
  );
}
