import { sharesApi } from "@/lib/contracts/shares";
import * as clock from "@/lib/server/platform/clock";
import { handlers, route } from "@/lib/server/http/route";
import { planDetail } from "@/lib/server/shares/boxes";
import { updatePlan } from "@/lib/server/shares/plans";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sharesApi.farmPlan, async ({ user, params }) =>
    planDetail(user, params.planId, await clock.now()),
  ),
  route(sharesApi.updatePlan, async ({ user, params, body }) =>
    updatePlan(user, params.planId, body, await clock.now()),
  ),
);
