import { farmApi } from "@/lib/contracts/farm";
import { undoHandover } from "@/lib/server/orders/farm-orders";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.undoHandover, ({ user, params }) => undoHandover(user, params.id)),
);
