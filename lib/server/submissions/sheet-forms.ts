import "server-only";
import type { z } from "zod";
import type { demoRequestAnswer, waitlistAnswer } from "@/lib/contracts/submissions";
import { enqueueSheetRow } from "@/lib/server/sheets/outbox";
import { inTransaction, SHORT_TX_LIMITS } from "@/lib/server/platform/transaction";
import { nudgeSheetsWorker, waitForSheetsSync } from "@/lib/server/sheets/runtime";
import {
  roleOptions,
  type DemoRequestInput,
  type WaitlistInput,
} from "@/lib/validators/submissions";
import { newSubmissionId } from "./submission-id";
import { throttleSubmission, type SubmissionMeta } from "./throttle";

export type WaitlistResult = z.infer<typeof waitlistAnswer>;
export type DemoRequestResult = z.infer<typeof demoRequestAnswer>;

const roleLabel = (role: WaitlistInput["role"]) =>
  roleOptions.find((o) => o.value === role)?.label ?? role;

const THANKS = {
  waitlist: "Thanks for joining our waitlist! We'll be in touch soon with more information.",
  demo: "Request received! We'll review your submission and send you a calendar invite if selected.",
} as const;

/**
 * The two forms the ops team reads in the Google Sheet. Each saves its row and the sheet's outbox
 * row in one transaction, then gives the worker a bounded time to append it: a Sheets outage can
 * only delay the row, never lose it or fail the request (docs/operations.md).
 */
async function saveForSheet(
  source: keyof typeof THANKS,
  input: WaitlistInput | DemoRequestInput,
  meta: SubmissionMeta,
) {
  await throttleSubmission(source, input.email, meta);
  const submissionId = newSubmissionId();
  const submittedAt = new Date();
  const email = input.email.toLowerCase();
  const person = {
    submissionId,
    fullName: input.fullName,
    email,
    companyName: input.companyName,
    role: input.role,
    createdAt: submittedAt,
  };
  await inTransaction(async (tx) => {
    // The phone number of a demo request stays in the database; the sheet gets the shared columns.
    if ("phoneNumber" in input)
      await tx.demoRequest.create({ data: { ...person, phoneNumber: input.phoneNumber } });
    else await tx.waitlistEntry.create({ data: person });
    await enqueueSheetRow(tx, {
      submittedAt,
      fullName: input.fullName,
      email,
      companyName: input.companyName,
      role: roleLabel(input.role),
      source,
      submissionId,
    });
  }, SHORT_TX_LIMITS);
  nudgeSheetsWorker();
  const googleSheetsSuccess = await waitForSheetsSync([submissionId]);
  return { success: true as const, message: THANKS[source], googleSheetsSuccess, submissionId };
}

export const joinWaitlist = (input: WaitlistInput, meta: SubmissionMeta): Promise<WaitlistResult> =>
  saveForSheet("waitlist", input, meta);
export const requestDemo = (
  input: DemoRequestInput,
  meta: SubmissionMeta,
): Promise<DemoRequestResult> => saveForSheet("demo", input, meta);
