import { opsApi } from "@/lib/contracts/ops";
import { handlers, route } from "@/lib/server/http/route";
import { opsOutboxes } from "@/lib/server/ops/outboxes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.outboxes, () => opsOutboxes()),
);
