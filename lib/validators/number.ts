import { z } from "zod";
import { hasAtMostTwoDecimals } from "@/lib/money";

/** A whole number from `min` to `max`; every way of failing says `message`. */
export const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** Dollars with at most two decimals, from `min` to `max`; every way of failing says `message`. */
export const dollars = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .finite(message)
    .min(min, message)
    .max(max, message)
    .refine(hasAtMostTwoDecimals, message);

/** A number typed into a form's text field: trimmed and required, then checked as `number`. */
export const typedNumber = (message: string, number: z.ZodType<number, number>) =>
  z
    .string()
    .trim()
    .min(1, message)
    .transform((s) => Number(s))
    .pipe(number);
