import { z } from "zod";

/**
 * `String.prototype.trim` keeps invisible format characters (zero-width space U+200B, joiners,
 * word joiner U+2060, bidi marks): a name made only of them would pass a `min(1)` check and show up
 * blank. This strips them, with whitespace, from both ends; inside the text they stay (ZWJ emoji,
 * Persian ZWNJ are real text).
 */
export const trimInvisible = (s: string) => s.replace(/^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu, "");

/** A string trimmed of whitespace and invisible characters at both ends; chain min/max after it. */
export const visibleText = (error?: string) => z.string(error ? { error } : undefined).overwrite(trimInvisible);
