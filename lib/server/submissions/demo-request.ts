import "server-only";
import type { z } from "zod";
import type { demoRequestAnswer } from "@/lib/contracts/submissions";
import { db } from "@/lib/server/db";
import { enqueueSheetRow, TX_OPTIONS } from "@/lib/server/sheets/outbox";
import { nudgeSheetsWorker, waitForSheetsSync } from "@/lib/server/sheets/runtime";
import type { DemoRequestInput } from "@/lib/validators/submissions";
import { newSubmissionId } from "./submission-id";
import { throttleSubmission, type SubmissionMeta } from "./throttle";
import { roleLabel } from "./waitlist";

export type DemoRequestResult = z.infer<typeof demoRequestAnswer>;

/** Stored and synced exactly like a waitlist entry (source "demo"). The phone number stays in the database. */
export async function requestDemo(input: DemoRequestInput, meta: SubmissionMeta): Promise<DemoRequestResult> {
  await throttleSubmission("demo", input.email, meta);
  const submissionId = newSubmissionId();
  const submittedAt = new Date();
  const email = input.email.toLowerCase();
  await db.$transaction(
    [
      db.demoRequest.create({
        data: { submissionId, fullName: input.fullName, email, companyName: input.companyName, phoneNumber: input.phoneNumber, role: input.role, createdAt: submittedAt },
      }),
      enqueueSheetRow({ submittedAt, fullName: input.fullName, email, companyName: input.companyName, role: roleLabel(input.role), source: "demo", submissionId }),
    ],
    TX_OPTIONS,
  );
  nudgeSheetsWorker();
  const googleSheetsSuccess = await waitForSheetsSync([submissionId]);
  return { success: true, message: "Request received! We'll review your submission and send you a calendar invite if selected.", googleSheetsSuccess, submissionId };
}
