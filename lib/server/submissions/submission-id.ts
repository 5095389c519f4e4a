import "server-only";
import crypto from "node:crypto";

/** The public id of a waitlist entry or demo request; also the sheet's dedupe key. */
export function newSubmissionId(): string {
  return crypto.randomUUID();
}
