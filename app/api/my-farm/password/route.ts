import { route } from "@/lib/server/http/route";
import { setPasswordAfterClaim } from "@/lib/server/farm/invite";
import { setPasswordSchema } from "@/lib/validators/farm";

export const POST = route({ auth: "required", body: setPasswordSchema }, async ({ user, body }) => {
  await setPasswordAfterClaim(user, body);
  return { ok: true };
});
