import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "./api";

/**
 * The form field a server error key names, or null when the form has no such field. Keys are
 * dotted paths for nested forms (`windows.0.end`); a key that goes deeper than the form's value
 * (`deliveryZones.1.postalPrefixes.2` when the prefixes are one text field) lands on that value.
 */
export function formFieldOf(values: unknown, key: string): string | null {
  const parts = key.split(".");
  let at: unknown = values;
  for (let i = 0; i < parts.length; i++) {
    if (at === null || typeof at !== "object" || !(parts[i] in at)) return null;
    at = (at as Record<string, unknown>)[parts[i]];
    if (at === null || typeof at !== "object") return parts.slice(0, i + 1).join(".");
  }
  return null;
}

/**
 * Puts the server's field messages (`errors: {field: message}` of an error body) next to the
 * form's own fields, so a taken email or a refused price shows where it was typed. Fields the form
 * does not have are left to the toast. Returns whether any message landed on a field.
 */
export function showServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "setError" | "getValues">,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  const values = form.getValues();
  let shown = false;
  for (const [key, message] of Object.entries(error.errors)) {
    const field = formFieldOf(values, key);
    if (!field) continue;
    form.setError(field as Path<T>, { message });
    shown = true;
  }
  return shown;
}
