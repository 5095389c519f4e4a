import { opsApi } from "@/lib/contracts/ops";
import { handlers, route } from "@/lib/server/http/route";
import { setListingsPaused } from "@/lib/server/ops/farms";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.pauseFarm, ({ user, params, body }) =>
    setListingsPaused(user.id, params.id, body.paused, body.reason),
  ),
);
