import { opsApi } from "@/lib/contracts/ops";
import { handlers, route } from "@/lib/server/http/route";
import { retrySheetRowNow } from "@/lib/server/ops/outboxes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.retrySheetRow, ({ user, params }) => retrySheetRowNow(user.id, params.id)),
);
