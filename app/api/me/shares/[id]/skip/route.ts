import { sharesApi } from "@/lib/contracts/shares";
import * as clock from "@/lib/server/platform/clock";
import { handlers, replayable, route } from "@/lib/server/http/route";
import { skipBox, unskipBox } from "@/lib/server/shares/memberships";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sharesApi.skip, async ({ user, params, body, idempotencyKey, headers }) =>
    replayable(
      headers,
      await skipBox(user, params.id, body.date, idempotencyKey, await clock.now()),
    ),
  ),
  route(sharesApi.unskip, async ({ user, params, query, idempotencyKey, headers }) =>
    replayable(
      headers,
      await unskipBox(user, params.id, query.date, idempotencyKey, await clock.now()),
    ),
  ),
);
