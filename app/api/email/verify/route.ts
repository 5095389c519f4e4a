import { securityApi } from "@/lib/contracts/security";
import { verifyEmail } from "@/lib/server/auth/email-verification";
import { clientIp } from "@/lib/server/http/client-ip";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(securityApi.verifyEmail, ({ req, body }) => verifyEmail(body.token, clientIp(req))),
);
