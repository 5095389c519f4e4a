import { securityApi } from "@/lib/contracts/security";
import { resendVerification } from "@/lib/server/auth/email-verification";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(securityApi.resendVerification, ({ user }) => resendVerification(user)),
);
