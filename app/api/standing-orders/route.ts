import { standingApi } from "@/lib/contracts/standing";
import { handlers, route } from "@/lib/server/http/route";
import { createStandingOrder, listStandingOrders } from "@/lib/server/standing/standing-orders";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(standingApi.list, ({ user }) => listStandingOrders(user)),
  route(standingApi.create, ({ user, body }) => createStandingOrder(user, body)),
);
