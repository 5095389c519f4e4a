import { sharesApi } from "@/lib/contracts/shares";
import * as clock from "@/lib/server/platform/clock";
import { handlers, replayable, route } from "@/lib/server/http/route";
import { cancelShare } from "@/lib/server/shares/memberships";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sharesApi.cancel, async ({ user, params, idempotencyKey, headers }) =>
    replayable(headers, await cancelShare(user, params.id, idempotencyKey, await clock.now())),
  ),
);
