import { submissionsApi } from "@/lib/contracts/submissions";
import { clientIp } from "@/lib/server/http/client-ip";
import { handlers, route } from "@/lib/server/http/route";
import { joinWaitlist } from "@/lib/server/submissions/sheet-forms";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(submissionsApi.waitlist, ({ req, body }) => joinWaitlist(body, { ip: clientIp(req) })),
);
