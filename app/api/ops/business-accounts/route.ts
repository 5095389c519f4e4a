import { opsApi } from "@/lib/contracts/ops";
import { listApplications } from "@/lib/server/business/accounts";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.applications, ({ query }) => listApplications(query.status)),
);
