import { documentsApi } from "@/lib/contracts/documents";
import { orderReceiptPdf } from "@/lib/server/documents/receipt";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(documentsApi.receipt, async ({ user, params }) => {
    const { filename, bytes } = await orderReceiptPdf(user.id, params.id);
    return new Response(new Uint8Array(bytes), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="${filename}"`,
        "cache-control": "private, no-store",
      },
    });
  }),
);
