import { sharesApi } from "@/lib/contracts/shares";
import * as clock from "@/lib/server/platform/clock";
import { handlers, route } from "@/lib/server/http/route";
import { resumeShare } from "@/lib/server/shares/memberships";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sharesApi.resume, async ({ user, params }) =>
    resumeShare(user, params.id, await clock.now()),
  ),
);
