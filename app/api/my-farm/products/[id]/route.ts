import { farmApi } from "@/lib/contracts/farm";
import { getMyProduct, updateMyProduct } from "@/lib/server/farm/products";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.product, ({ user, params }) => getMyProduct(user, params.id)),
  route(farmApi.updateProduct, ({ user, params, body }) => updateMyProduct(user, params.id, body)),
);
