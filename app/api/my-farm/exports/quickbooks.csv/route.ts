import { farmApi } from "@/lib/contracts/farm";
import { quickbooksCsv } from "@/lib/server/accounting/exports";
import { csvResponse } from "@/lib/server/platform/csv";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.quickbooksExport, async ({ user, query }) =>
    csvResponse(await quickbooksCsv(user, query)),
  ),
);
