import { sharesApi } from "@/lib/contracts/shares";
import * as clock from "@/lib/server/platform/clock";
import { handlers, route } from "@/lib/server/http/route";
import { pauseShare } from "@/lib/server/shares/memberships";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sharesApi.pause, async ({ user, params, body }) =>
    pauseShare(user, params.id, body.until, await clock.now()),
  ),
);
