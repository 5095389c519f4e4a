import { opsApi } from "@/lib/contracts/ops";
import { listAudit } from "@/lib/server/audit/log";
import { pageAnswer } from "@/lib/server/http/page";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.audit, async ({ req, query, headers }) =>
    pageAnswer(
      req,
      headers,
      await listAudit({
        limit: query.limit,
        cursor: query.cursor,
        action: query.action || undefined,
        staffId: query.staff,
        target: query.target || undefined,
      }),
    ),
  ),
);
