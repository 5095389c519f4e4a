import { sharesApi } from "@/lib/contracts/shares";
import * as clock from "@/lib/server/platform/clock";
import { handlers, route } from "@/lib/server/http/route";
import { createPlan, listFarmPlans } from "@/lib/server/shares/plans";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sharesApi.farmPlans, async ({ user }) => listFarmPlans(user, await clock.now())),
  route(sharesApi.createPlan, async ({ user, body }) => createPlan(user, body, await clock.now())),
);
