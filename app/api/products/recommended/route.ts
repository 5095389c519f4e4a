import { catalogApi } from "@/lib/contracts/catalog";
import { recommendProducts } from "@/lib/server/catalog/recommend";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(catalogApi.recommendedProducts, ({ user, query }) => recommendProducts(user.id, query)),
);
