import { opsApi } from "@/lib/contracts/ops";
import { handlers, route } from "@/lib/server/http/route";
import { retryEmailNow } from "@/lib/server/ops/outboxes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.retryEmail, ({ user, params }) => retryEmailNow(user.id, params.id)),
);
