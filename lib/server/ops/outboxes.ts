import "server-only";
import type { OpsEmailJson, OpsOutboxesJson, OpsSheetRowJson } from "@/lib/contracts/ops";
import { recordAudit } from "@/lib/server/audit/log";
import { listUnsentEmails, retryEmail } from "@/lib/server/notifications/outbox";
import { inTransaction } from "@/lib/server/platform/transaction";
import { listUnsyncedRows, retrySheetRow } from "@/lib/server/sheets/outbox";

/** The ops console's Outboxes screen (docs/operations.md): what waits or failed, and retry now. */
export async function opsOutboxes(): Promise<OpsOutboxesJson> {
  const [emails, sheets] = await Promise.all([listUnsentEmails(), listUnsyncedRows()]);
  return { emails, sheets };
}

export function retryEmailNow(staffId: number, id: number): Promise<OpsEmailJson> {
  return inTransaction(async (tx) => {
    const { before, after } = await retryEmail(tx, id);
    await recordAudit(tx, {
      staffId,
      action: "email.retry",
      target: `notification:${id}`,
      before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
      after: { status: after.status, attempts: after.attempts },
    });
    return after;
  });
}

export function retrySheetRowNow(staffId: number, id: number): Promise<OpsSheetRowJson> {
  return inTransaction(async (tx) => {
    const { before, after } = await retrySheetRow(tx, id);
    await recordAudit(tx, {
      staffId,
      action: "sheets.retry",
      target: `sheets-row:${id}`,
      before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
      after: { status: after.status, attempts: after.attempts },
    });
    return after;
  });
}
