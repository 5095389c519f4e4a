import "server-only";
import { recordAudit } from "@/lib/server/audit/log";
import { AppError } from "@/lib/server/platform/errors";
import { inTransaction } from "@/lib/server/platform/transaction";

/**
 * `npm run staff:grant -- email`: the only way to make someone staff (docs/operations.md). Run on
 * the server, so the audit row names no staff member (staffId null, "via": "cli").
 */
export async function grantStaff(email: string): Promise<{ userId: number; already: boolean }> {
  return inTransaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { email: email.trim().toLowerCase() },
      select: { id: true, role: true },
    });
    if (!user) throw new AppError("not_found", `No account uses ${email}`);
    if (user.role === "staff") return { userId: user.id, already: true };
    await tx.user.update({ where: { id: user.id }, data: { role: "staff" } });
    await recordAudit(tx, {
      staffId: null,
      action: "staff.grant",
      target: `user:${user.id}`,
      before: { role: user.role },
      after: { role: "staff", via: "cli" },
    });
    return { userId: user.id, already: false };
  });
}
