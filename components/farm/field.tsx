import { cloneElement, isValidElement, type ReactElement } from "react";

export const fieldClass =
  "block h-11 w-full rounded-lg border border-gray-400 bg-white px-3 text-base text-ink placeholder:text-gray-600 focus-visible:border-brand-600 aria-[invalid=true]:border-red-700";

/** A label, its control, an optional hint and the error line, wired with aria-describedby. */
export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactElement<Record<string, unknown>> }) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const control = isValidElement(children) ? cloneElement(children, { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy }) : children;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {control}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
