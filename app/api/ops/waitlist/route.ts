import { opsApi } from "@/lib/contracts/ops";
import { pageAnswer } from "@/lib/server/http/page";
import { handlers, route } from "@/lib/server/http/route";
import { listSubmissions } from "@/lib/server/ops/waitlist";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.waitlist, async ({ req, query, headers }) =>
    pageAnswer(req, headers, await listSubmissions(query)),
  ),
);
