import { farmPayoutsApi } from "@/lib/contracts/payments";
import { handlers, route } from "@/lib/server/http/route";
import { pdfResponse } from "@/lib/server/platform/pdf";
import { payoutStatementPdf } from "@/lib/server/accounting/payout-statement";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmPayoutsApi.statement, async ({ user, params }) =>
    pdfResponse(await payoutStatementPdf(user, params.id)),
  ),
);
