import { submissionsApi } from "@/lib/contracts/submissions";
import { handlers, route } from "@/lib/server/http/route";
import { requestDemo } from "@/lib/server/submissions/demo-request";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(submissionsApi.demoRequest, ({ body }) => requestDemo(body)),
);
