import { opsApi } from "@/lib/contracts/ops";
import { handlers, route } from "@/lib/server/http/route";
import { submissionsCsv } from "@/lib/server/ops/waitlist";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.waitlistCsv, async ({ query }) => {
    const csv = await submissionsCsv({
      q: query.q || undefined,
      source: query.source,
      status: query.status,
    });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="fieldfare-waitlist-${day}.csv"`,
        // Personal data: never kept by a shared cache or the browser's.
        "cache-control": "private, no-store",
      },
    });
  }),
);
