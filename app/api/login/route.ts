import { sessionApi } from "@/lib/contracts/session";
import { login } from "@/lib/server/auth/accounts";
import { requestMeta, signInAnswer } from "@/lib/server/http/session-cookie";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sessionApi.login, async ({ req, body }) => {
    const meta = requestMeta(req);
    return signInAnswer(await login(body, meta), 200, meta.secure);
  }),
);
