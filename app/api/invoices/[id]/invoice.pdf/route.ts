import { accountApi } from "@/lib/contracts/account";
import { invoicePdf } from "@/lib/server/documents/invoice";
import { handlers, route } from "@/lib/server/http/route";
import { pdfResponse } from "@/lib/server/platform/pdf";

// Also served at /api/invoices/{id}.pdf (a rewrite in next.config.ts).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(accountApi.invoicePdf, async ({ user, params }) =>
    pdfResponse(await invoicePdf(user, params.id)),
  ),
);
