import { opsApi } from "@/lib/contracts/ops";
import { handlers, route } from "@/lib/server/http/route";
import { csvResponse } from "@/lib/server/platform/csv";
import { submissionsCsv } from "@/lib/server/ops/waitlist";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.waitlistCsv, async ({ query }) => {
    const csv = await submissionsCsv(query);
    const day = new Date().toISOString().slice(0, 10);
    return csvResponse({ filename: `fieldfare-waitlist-${day}.csv`, csv });
  }),
);
