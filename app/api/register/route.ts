import { route } from "@/lib/server/http/route";
import { register } from "@/lib/server/auth/accounts";
import { requestMeta, signedInResponse } from "@/lib/server/auth/http";
import { registerSchema } from "@/lib/validators/auth";

export const POST = route({ body: registerSchema }, async ({ req, body }) => {
  const meta = requestMeta(req);
  return signedInResponse(await register(body, meta), 201, meta.secure);
});
