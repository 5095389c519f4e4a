import "server-only";
import { db } from "@/lib/server/platform/db";
import type { NewsletterInput } from "@/lib/validators/submissions";
import { throttleSubmission, type SubmissionMeta } from "./throttle";

export type NewsletterResult = { created: boolean; success: true; message: string };

/** Idempotent subscribe: emails are stored lower-case, so "Ana@x.com" and "ana@x.com" are one subscriber. */
export async function subscribeToNewsletter(
  input: NewsletterInput,
  meta: SubmissionMeta,
): Promise<NewsletterResult> {
  await throttleSubmission("newsletter", input.email, meta);
  const email = input.email.toLowerCase();
  // ON CONFLICT DO NOTHING: two simultaneous sign-ups of one address never turn into an error.
  const { count } = await db.newsletterSubscriber.createMany({
    data: [{ email }],
    skipDuplicates: true,
  });
  return count === 1
    ? { created: true, success: true, message: "Thanks for subscribing! Your first month is free." }
    : { created: false, success: true, message: "You're already subscribed." };
}
