import { farmApi } from "@/lib/contracts/farm";
import { salesReport, salesReportCsv } from "@/lib/server/accounting/sales-report";
import { csvResponse } from "@/lib/server/platform/csv";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.salesReport, async ({ user, query }) => {
    const report = await salesReport(user, query);
    if (query.format === "json") return report;
    return csvResponse(salesReportCsv(report, query.group));
  }),
);
