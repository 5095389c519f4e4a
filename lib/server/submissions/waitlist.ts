import "server-only";
import type { z } from "zod";
import type { waitlistAnswer } from "@/lib/contracts/submissions";
import { db } from "@/lib/server/db";
import { enqueueSheetRow, TX_OPTIONS } from "@/lib/server/sheets/outbox";
import { nudgeSheetsWorker, waitForSheetsSync } from "@/lib/server/sheets/runtime";
import { roleOptions, type WaitlistInput } from "@/lib/validators/submissions";
import { newSubmissionId } from "./submission-id";
import { throttleSubmission, type SubmissionMeta } from "./throttle";

export const roleLabel = (role: WaitlistInput["role"]) => roleOptions.find((o) => o.value === role)?.label ?? role;

export type WaitlistResult = z.infer<typeof waitlistAnswer>;

/**
 * Saves a waitlist entry and its sheet row in one transaction, then gives the worker a bounded
 * time to append it. The commit comes first: a Sheets outage can only delay the row, never lose it
 * or fail the request.
 */
export async function joinWaitlist(input: WaitlistInput, meta: SubmissionMeta): Promise<WaitlistResult> {
  await throttleSubmission("waitlist", input.email, meta);
  const submissionId = newSubmissionId();
  const submittedAt = new Date();
  const email = input.email.toLowerCase();
  await db.$transaction(
    [
      db.waitlistEntry.create({ data: { submissionId, fullName: input.fullName, email, companyName: input.companyName, role: input.role, createdAt: submittedAt } }),
      enqueueSheetRow({ submittedAt, fullName: input.fullName, email, companyName: input.companyName, role: roleLabel(input.role), source: "waitlist", submissionId }),
    ],
    TX_OPTIONS,
  );
  nudgeSheetsWorker();
  const googleSheetsSuccess = await waitForSheetsSync([submissionId]);
  return { success: true, message: "Thanks for joining our waitlist! We'll be in touch soon with more information.", googleSheetsSuccess, submissionId };
}
