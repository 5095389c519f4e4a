import { accountApi } from "@/lib/contracts/account";
import { invoicePdf } from "@/lib/server/documents/invoice";
import { handlers, route } from "@/lib/server/http/route";

// Also served at /api/invoices/{id}.pdf (a rewrite in next.config.ts).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(accountApi.invoicePdf, async ({ user, params }) => {
    const { filename, bytes } = await invoicePdf(user, params.id);
    return new Response(new Uint8Array(bytes), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="${filename}"`,
        "cache-control": "private, no-store",
      },
    });
  }),
);
