import "server-only";
import crypto from "node:crypto";
import { authSecret } from "./env";

/**
 * The one HMAC behind every signed link and cookie of ours: HMAC-SHA256(AUTH_SECRET,
 * "<purpose>:<payload>"), base64url (43 characters). The purpose keeps one kind of token from
 * passing for another (an unsubscribe token is never a share link).
 */
export function signature(purpose: string, payload: string): string {
  return crypto
    .createHmac("sha256", authSecret())
    .update(`${purpose}:${payload}`)
    .digest("base64url");
}

/** Whether `given` is the signature of `payload` for `purpose`, compared in constant time. */
export function signatureMatches(purpose: string, payload: string, given: string): boolean {
  const expected = Buffer.from(signature(purpose, payload));
  const got = Buffer.from(given);
  return got.length === expected.length && crypto.timingSafeEqual(got, expected);
}
