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

/** Digits with an optional decimal point: what a person writes for an amount. */
const DECIMAL_TEXT = /^(\d+\.?\d*|\.\d+)$/;

/**
 * A number typed into a form's text field: trimmed, then plain decimal digits only (Number() would
 * also read "2e1", "0x10" and "Infinity"), then checked as `number`.
 */
export const typedNumber = (message: string, number: z.ZodType<number, number>) =>
  z
    .string()
    .trim()
    .regex(DECIMAL_TEXT, message)
    .transform((s) => Number(s))
    .pipe(number);
