import { farmApi } from "@/lib/contracts/farm";
import { taxFigures, taxReportCsv, taxReportJson } from "@/lib/server/accounting/tax-report";
import { csvResponse } from "@/lib/server/platform/csv";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.taxReport, async ({ user, query }) => {
    const figures = await taxFigures(user, query);
    if (query.format === "json") return taxReportJson(figures);
    return csvResponse(taxReportCsv(figures));
  }),
);
