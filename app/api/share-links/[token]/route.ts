import { sharesApi } from "@/lib/contracts/shares";
import { clientIp } from "@/lib/server/http/client-ip";
import { handlers, replayable, route } from "@/lib/server/http/route";
import { now } from "@/lib/server/platform/clock";
import { confirmShareLink } from "@/lib/server/shares/links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sharesApi.confirmLink, async ({ req, params, body, idempotencyKey, headers }) =>
    replayable(
      headers,
      await confirmShareLink(params.token, body, idempotencyKey, clientIp(req), await now()),
    ),
  ),
);
