"use client";
import type { InputHTMLAttributes } from "react";
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from "react-hook-form";
import { Field } from "./field";
import { Input } from "./input";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "form">;

/**
 * A react-hook-form input in its Field: the label, the hint and that field's own error. `rules`
 * are register's options, e.g. `valueAsNumber` for a number input.
 */
export function FormInput<T extends FieldValues>({
  form,
  name,
  id,
  label,
  hint,
  rules,
  ...input
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  id: string;
  label: string;
  hint?: string;
  rules?: RegisterOptions<T, Path<T>>;
} & InputProps) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input id={id} {...input} {...form.register(name, rules)} />
    </Field>
  );
}

/** NewPasswordFields' two fields, empty: the default values of every form that shows them. */
export const NO_NEW_PASSWORD = { password: "", confirmPassword: "" };

/**
 * A new password and its confirmation, as every form that sets one asks for them: browsers offer
 * to generate one (autocomplete new-password) and the hint states the rule the server applies.
 */
export function NewPasswordFields<T extends { password: string; confirmPassword: string }>({
  form,
  idPrefix,
  label = "New password",
  confirmLabel = "Confirm new password",
  hint = "At least 10 characters.",
}: {
  form: UseFormReturn<T>;
  idPrefix: string;
  label?: string;
  confirmLabel?: string;
  hint?: string;
}) {
  return (
    <>
      <FormInput
        form={form}
        name={"password" as Path<T>}
        id={`${idPrefix}-password`}
        label={label}
        hint={hint}
        type="password"
        autoComplete="new-password"
      />
      <FormInput
        form={form}
        name={"confirmPassword" as Path<T>}
        id={`${idPrefix}-confirm`}
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
