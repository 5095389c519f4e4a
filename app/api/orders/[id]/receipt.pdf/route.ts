import { documentsApi } from "@/lib/contracts/documents";
import { orderReceiptPdf } from "@/lib/server/documents/receipt";
import { handlers, route } from "@/lib/server/http/route";
import { pdfResponse } from "@/lib/server/platform/pdf";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(documentsApi.receipt, async ({ user, params }) =>
    pdfResponse(await orderReceiptPdf(user.id, params.id)),
  ),
);
