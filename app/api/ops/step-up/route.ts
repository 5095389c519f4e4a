import { opsApi } from "@/lib/contracts/ops";
import { sessionCookieOf } from "@/lib/server/auth/session";
import { stepUp } from "@/lib/server/auth/step-up";
import { handlers, route } from "@/lib/server/http/route";
import { requestMeta } from "@/lib/server/http/session-cookie";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.stepUp, ({ req, user, body }) =>
    stepUp(user.id, body.password, requestMeta(req), sessionCookieOf(req)?.value),
  ),
);
