import { farmApi } from "@/lib/contracts/farm";
import { setPasswordAfterClaim } from "@/lib/server/farm/invite";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.setPassword, async ({ user, body }) => {
    await setPasswordAfterClaim(user, body);
    return { ok: true as const };
  }),
);
