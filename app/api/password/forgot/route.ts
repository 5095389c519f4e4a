import { securityApi } from "@/lib/contracts/security";
import { forgotPassword } from "@/lib/server/auth/password-reset";
import { clientIp } from "@/lib/server/http/client-ip";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(securityApi.forgotPassword, ({ req, body }) => forgotPassword(body, { ip: clientIp(req) })),
);
