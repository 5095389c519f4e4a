import { sharesApi } from "@/lib/contracts/shares";
import * as clock from "@/lib/server/platform/clock";
import { handlers, route } from "@/lib/server/http/route";
import { myShares } from "@/lib/server/shares/memberships";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sharesApi.mine, async ({ user }) => myShares(user, await clock.now())),
);
