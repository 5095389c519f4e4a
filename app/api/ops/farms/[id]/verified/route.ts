import { opsApi } from "@/lib/contracts/ops";
import { handlers, route } from "@/lib/server/http/route";
import { setFarmVerified } from "@/lib/server/ops/farms";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.verifyFarm, ({ user, params, body }) =>
    setFarmVerified(user.id, params.id, body.verified),
  ),
);
