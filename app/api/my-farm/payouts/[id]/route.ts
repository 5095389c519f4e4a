import { farmPayoutsApi } from "@/lib/contracts/payments";
import { handlers, route } from "@/lib/server/http/route";
import { csvResponse } from "@/lib/server/platform/csv";
import { payoutCsv, payoutDetail } from "@/lib/server/accounting/payout-statement";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmPayoutsApi.detail, async ({ user, params, query }) => {
    if (query.format === "json") return payoutDetail(user, params.id);
    return csvResponse(await payoutCsv(user, params.id));
  }),
);
