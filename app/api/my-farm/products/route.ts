import { farmApi } from "@/lib/contracts/farm";
import { createMyProduct, listMyProducts } from "@/lib/server/farm/products";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.products, ({ user }) => listMyProducts(user)),
  route(farmApi.createProduct, ({ user, body }) => createMyProduct(user, body)),
);
