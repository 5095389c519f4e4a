import { sharesApi } from "@/lib/contracts/shares";
import * as clock from "@/lib/server/platform/clock";
import { handlers, route } from "@/lib/server/http/route";
import { swapBox } from "@/lib/server/shares/memberships";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sharesApi.swap, async ({ user, params, body }) =>
    swapBox(user, params.id, params.date, body, await clock.now()),
  ),
);
