import { route } from "@/lib/server/http/route";
import { login } from "@/lib/server/auth/accounts";
import { requestMeta, signedInResponse } from "@/lib/server/auth/http";
import { loginSchema } from "@/lib/validators/auth";

export const POST = route({ body: loginSchema }, async ({ req, body }) => {
  const meta = requestMeta(req);
  return signedInResponse(await login(body, meta), 200, meta.secure);
});
