import { securityApi } from "@/lib/contracts/security";
import { requestMeta, signInAnswer } from "@/lib/server/http/session-cookie";
import { resetPassword } from "@/lib/server/auth/password-reset";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(securityApi.resetPassword, async ({ req, body }) => {
    const meta = requestMeta(req);
    return signInAnswer(await resetPassword(body, meta), 200, meta.secure);
  }),
);
