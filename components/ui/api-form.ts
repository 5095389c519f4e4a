"use client";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { showServerFieldErrors } from "@/lib/client/form-errors";
import { toastFailure } from "./use-toast";

/**
 * `form.handleSubmit` for a form our API answers: `send` posts the checked values. When the API
 * refuses, its field messages (a taken email, a refused price) go next to their fields, and its
 * sentence, or `fallback`, into a toast titled `failure`; the form keeps what was typed.
 */
export function handleApiSubmit<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  send: (values: TOut) => Promise<void>,
  failure: string,
  fallback?: string,
) {
  return form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (e) {
      showServerFieldErrors(form, e);
      toastFailure(failure, e, fallback);
    }
  });
}
