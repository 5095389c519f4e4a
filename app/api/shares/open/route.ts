import { sharesApi } from "@/lib/contracts/shares";
import { handlers, route } from "@/lib/server/http/route";
import { now } from "@/lib/server/platform/clock";
import { sharesNearYou } from "@/lib/server/shares/plans";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sharesApi.near, async ({ user }) => sharesNearYou(user, 3, await now())),
);
