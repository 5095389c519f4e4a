import { catalogApi } from "@/lib/contracts/catalog";
import { listCategories } from "@/lib/server/catalog/categories";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(catalogApi.categories, () => listCategories()),
);
