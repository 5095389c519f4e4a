import { twoStepApi } from "@/lib/contracts/passkeys";
import { disableTwoStep, enableTwoStep, twoStepStatus } from "@/lib/server/auth/two-step";
import { handlers, route } from "@/lib/server/http/route";
import { requestMeta } from "@/lib/server/http/session-cookie";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(twoStepApi.status, ({ user }) => twoStepStatus(user)),
  route(twoStepApi.enable, ({ req, user, body }) =>
    enableTwoStep(user.id, body.code, requestMeta(req)),
  ),
  route(twoStepApi.disable, ({ req, user, body }) =>
    disableTwoStep(user.id, body.code, requestMeta(req)),
  ),
);
