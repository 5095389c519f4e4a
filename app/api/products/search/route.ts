import { catalogApi } from "@/lib/contracts/catalog";
import { searchProducts } from "@/lib/server/catalog/products";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(catalogApi.searchProducts, ({ query }) => searchProducts(query)),
);
