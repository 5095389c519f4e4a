import { catalogApi } from "@/lib/contracts/catalog";
import { getProduct } from "@/lib/server/catalog/products";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(catalogApi.product, ({ params }) => getProduct(params.id)),
);
