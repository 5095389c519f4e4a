import { sessionApi } from "@/lib/contracts/session";
import { register } from "@/lib/server/auth/accounts";
import { requestMeta, signedInResponse } from "@/lib/server/http/session-cookie";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sessionApi.register, async ({ req, body }) => {
    const meta = requestMeta(req);
    return signedInResponse(await register(body, meta), 201, meta.secure);
  }),
);
