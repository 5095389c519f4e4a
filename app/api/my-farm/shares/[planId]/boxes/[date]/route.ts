import { sharesApi } from "@/lib/contracts/shares";
import * as clock from "@/lib/server/platform/clock";
import { handlers, route } from "@/lib/server/http/route";
import { publishBox } from "@/lib/server/shares/boxes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sharesApi.publishBox, async ({ user, params, body }) =>
    publishBox(user, params.planId, params.date, body, await clock.now()),
  ),
);
