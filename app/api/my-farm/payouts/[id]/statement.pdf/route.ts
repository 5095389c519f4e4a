import { farmPayoutsApi } from "@/lib/contracts/payments";
import { handlers, route } from "@/lib/server/http/route";
import { payoutStatementPdf } from "@/lib/server/payments/farm-payouts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmPayoutsApi.statement, async ({ user, params }) => {
    const { filename, bytes } = await payoutStatementPdf(user, params.id);
    return new Response(new Uint8Array(bytes), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="${filename}"`,
        "cache-control": "private, no-store",
      },
    });
  }),
);
