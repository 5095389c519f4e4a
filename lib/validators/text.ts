import { z } from "zod";

/**
 * `String.prototype.trim` keeps invisible format characters (zero-width space U+200B, joiners,
 * word joiner U+2060, bidi marks): a name made only of them would pass a `min(1)` check and show up
 * blank. This strips them, with whitespace, from both ends; inside the text they stay (ZWJ emoji,
 * Persian ZWNJ are real text).
 */
export const trimInvisible = (s: string) => s.replace(/^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu, "");

/** C0 control characters (U+0000–U+001F) and DEL. */
const CONTROL = /[\u0000-\u001f\u007f]/;
/** The same, except tab, line feed and carriage return (which multi-line text may hold). */
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * True when `s` holds a control character: NUL cannot be stored in PostgreSQL text (it was a 500),
 * and the others (escape sequences, backspace, bell) only ever disguise text. Multi-line fields
 * (messages, descriptions) may hold tab and newlines.
 */
export const hasControlCharacters = (s: string, multiline = false) =>
  (multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(s);

export const controlCharactersMessage = (label: string) =>
  `${label} must not contain control characters`;

export type TextOptions = {
  /** How the field is named in its message ("Full name" → "Full name must not contain control characters"). */
  label: string;
  /** The message when the value is not a string at all. */
  error?: string;
  /** Tab, LF and CR allowed inside (they are always trimmed from both ends). */
  multiline?: boolean;
  /** "invisible" (default): whitespace and invisible format characters; "space": `trim()`; "none": kept as sent (passwords). */
  trim?: "invisible" | "space" | "none";
};

/**
 * The one rule for text from people: a string, trimmed, without control characters, refused with
 * the field's own message. Chain min/max after it. Every text field of every form, body and query
 * goes through this (lib/validators/*).
 */
export function plainText({ label, error, multiline = false, trim = "invisible" }: TextOptions) {
  const s = z.string(error ? { error } : undefined);
  const trimmed =
    trim === "invisible" ? s.overwrite(trimInvisible) : trim === "space" ? s.trim() : s;
  return trimmed.refine(
    (v) => !hasControlCharacters(v, multiline),
    controlCharactersMessage(label),
  );
}

/** A string trimmed of whitespace and invisible characters at both ends, without control characters; chain min/max after it. */
export const visibleText = (label: string, error?: string, options: { multiline?: boolean } = {}) =>
  plainText({ label, error, multiline: options.multiline });
