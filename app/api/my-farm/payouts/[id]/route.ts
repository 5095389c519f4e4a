import { farmPayoutsApi } from "@/lib/contracts/payments";
import { handlers, route } from "@/lib/server/http/route";
import { payoutCsv, payoutDetail } from "@/lib/server/payments/farm-payouts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmPayoutsApi.detail, async ({ user, params, query }) => {
    if (query.format === "json") return payoutDetail(user, params.id);
    const { filename, csv } = await payoutCsv(user, params.id);
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "private, no-store",
      },
    });
  }),
);
