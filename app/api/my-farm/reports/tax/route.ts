import { farmApi } from "@/lib/contracts/farm";
import { taxReport, taxReportCsv } from "@/lib/server/accounting/tax-report";
import { csvResponse } from "@/lib/server/platform/csv";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.taxReport, async ({ user, query }) => {
    const report = await taxReport(user, query);
    if (query.format === "json") return report;
    return csvResponse(taxReportCsv(report));
  }),
);
