import "server-only";
import { db } from "@/lib/server/platform/db";
import type { ContactInput } from "@/lib/validators/submissions";
import { throttleSubmission, type SubmissionMeta } from "./throttle";

export async function sendContactMessage(
  input: ContactInput,
  meta: SubmissionMeta,
): Promise<{ success: true; message: string; id: number }> {
  await throttleSubmission("contact", input.email, meta);
  const saved = await db.contactMessage.create({
    data: {
      fullName: input.fullName,
      email: input.email.toLowerCase(),
      subject: input.subject,
      message: input.message,
    },
    select: { id: true },
  });
  return {
    success: true,
    message: "Thanks for reaching out! We'll get back to you soon.",
    id: saved.id,
  };
}
