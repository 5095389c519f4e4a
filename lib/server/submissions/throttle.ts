import "server-only";
import { env } from "@/lib/server/platform/env";
import { consume } from "@/lib/server/platform/rate-limit";

export type SubmissionForm = "waitlist" | "demo" | "newsletter" | "contact";
/** Who is submitting: the client address as lib/server/http/client-ip.ts resolves it. */
export type SubmissionMeta = { ip: string };

/**
 * The public forms' throttle, counted before anything is stored: per form, FORM_LIMIT_PER_IP_HOUR
 * submissions per client address and FORM_LIMIT_PER_EMAIL_HOUR per email address (lower-cased).
 * Over either, 429 with Retry-After and nothing is stored or synced to the sheet. The log line
 * names the form and the address, never the email.
 */
export async function throttleSubmission(
  form: SubmissionForm,
  email: string,
  meta: SubmissionMeta,
): Promise<void> {
  const e = env();
  const hour = 60 * 60_000;
  await consume(
    `form-ip:${form}:${meta.ip}`,
    { max: e.FORM_LIMIT_PER_IP_HOUR, windowMs: hour },
    {
      message: "Too many submissions from this address. Please try again later.",
      log: `${form} submissions from ip=${meta.ip}`,
    },
  );
  await consume(
    `form-email:${form}:${email.trim().toLowerCase()}`,
    { max: e.FORM_LIMIT_PER_EMAIL_HOUR, windowMs: hour },
    {
      message: "Too many submissions for this email address. Please try again later.",
      log: `${form} submissions for one email address, latest from ip=${meta.ip}`,
    },
  );
}
