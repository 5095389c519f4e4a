import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "./api";

/**
 * Puts the server's field messages (`errors: {field: message}` of an error body) next to the
 * form's own fields, so a taken email or a refused price shows where it was typed. Fields the form
 * does not have are left to the toast. Returns whether any message landed on a field.
 */
export function showServerFieldErrors<T extends FieldValues>(form: Pick<UseFormReturn<T>, "setError" | "getValues">, error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  const values = form.getValues();
  let shown = false;
  for (const [field, message] of Object.entries(error.errors)) {
    if (!(field in values)) continue;
    form.setError(field as Path<T>, { message });
    shown = true;
  }
  return shown;
}
