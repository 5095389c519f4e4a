import { farmApi } from "@/lib/contracts/farm";
import { xeroCsv } from "@/lib/server/accounting/exports";
import { csvResponse } from "@/lib/server/platform/csv";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.xeroExport, async ({ user, query }) => csvResponse(await xeroCsv(user, query))),
);
