import { submissionsApi } from "@/lib/contracts/submissions";
import { clientIp } from "@/lib/server/http/client-ip";
import { handlers, route } from "@/lib/server/http/route";
import { sendContactMessage } from "@/lib/server/submissions/contact";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(submissionsApi.contact, ({ req, body }) => sendContactMessage(body, { ip: clientIp(req) })),
);
