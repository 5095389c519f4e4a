import { forwardRef, type InputHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

export const inputClass =
  "block w-full rounded-lg border border-gray-400 bg-white px-3 text-base text-ink placeholder:text-gray-600 focus-visible:border-brand-600 disabled:opacity-60 aria-[invalid=true]:border-red-700";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function Input({ className, type = "text", ...props }, ref) {
    return <input ref={ref} type={type} className={cn(inputClass, "h-11", className)} {...props} />;
  },
);

/**
 * A dollar amount: a text field with the decimal keypad. Not type="number": Chromium drops a letter
 * typed there unseen ("2O" reads 2), so the form's schema (typedNumber) must see the text as typed.
 */
export function AmountInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <Input type="text" inputMode="decimal" autoComplete="off" {...props} />;
}
