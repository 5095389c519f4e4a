import { sharesApi } from "@/lib/contracts/shares";
import * as clock from "@/lib/server/platform/clock";
import { handlers, replayable, route } from "@/lib/server/http/route";
import { joinShare } from "@/lib/server/shares/memberships";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sharesApi.join, async ({ user, params, body, idempotencyKey, headers }) =>
    replayable(
      headers,
      await joinShare(user, params.planId, body, idempotencyKey, await clock.now()),
    ),
  ),
);
