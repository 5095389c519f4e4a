import { farmApi } from "@/lib/contracts/farm";
import { stepMyProductStock } from "@/lib/server/farm/products";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.stepStock, ({ user, params, body }) =>
    stepMyProductStock(user, params.id, body.delta),
  ),
);
