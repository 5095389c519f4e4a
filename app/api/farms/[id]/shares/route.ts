import { sharesApi } from "@/lib/contracts/shares";
import * as clock from "@/lib/server/platform/clock";
import { handlers, route } from "@/lib/server/http/route";
import { farmShares } from "@/lib/server/shares/plans";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sharesApi.farmShares, async ({ params }) => farmShares(params.id, await clock.now())),
);
