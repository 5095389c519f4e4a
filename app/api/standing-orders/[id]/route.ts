import { standingApi } from "@/lib/contracts/standing";
import { handlers, route } from "@/lib/server/http/route";
import { cancelStandingOrder, updateStandingOrder } from "@/lib/server/standing/standing-orders";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(standingApi.update, ({ user, params, body }) => updateStandingOrder(user, params.id, body)),
  route(standingApi.remove, ({ user, params }) => cancelStandingOrder(user, params.id)),
);
