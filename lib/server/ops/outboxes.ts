import "server-only";
import type { OpsEmailJson, OpsOutboxesJson, OpsSheetRowJson } from "@/lib/contracts/ops";
import { type AuditInput, recordAudit } from "@/lib/server/audit/log";
import { listUnsentEmails, retryEmail } from "@/lib/server/notifications/outbox";
import { inTransaction, type Tx } from "@/lib/server/platform/transaction";
import { listUnsyncedRows, retrySheetRow } from "@/lib/server/sheets/outbox";

/** The ops console's Outboxes screen (docs/operations.md): what waits or failed, and retry now. */
export async function opsOutboxes(): Promise<OpsOutboxesJson> {
  const [emails, sheets] = await Promise.all([listUnsentEmails(), listUnsyncedRows()]);
  return { emails, sheets };
}

type Delivery = { status: string; attempts: number; lastError: string | null };

/** Retry now, with the audit row of the staff member's action: status and attempts before and after. */
function retryAudited<T extends Delivery>(
  staffId: number,
  audit: Pick<AuditInput, "action" | "target">,
  retry: (tx: Tx) => Promise<{ before: T; after: T }>,
): Promise<T> {
  return inTransaction(async (tx) => {
    const { before, after } = await retry(tx);
    await recordAudit(tx, {
      staffId,
      ...audit,
      before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
      after: { status: after.status, attempts: after.attempts },
    });
    return after;
  });
}

export function retryEmailNow(staffId: number, id: number): Promise<OpsEmailJson> {
  return retryAudited(staffId, { action: "email.retry", target: `notification:${id}` }, (tx) =>
    retryEmail(tx, id),
  );
}

export function retrySheetRowNow(staffId: number, id: number): Promise<OpsSheetRowJson> {
  return retryAudited(staffId, { action: "sheets.retry", target: `sheets-row:${id}` }, (tx) =>
    retrySheetRow(tx, id),
  );
}
