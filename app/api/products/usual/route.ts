import { catalogApi } from "@/lib/contracts/catalog";
import { levelOf } from "@/lib/server/catalog/pricing";
import { usualProducts } from "@/lib/server/catalog/usual";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(catalogApi.usualProducts, async ({ user, query }) =>
    usualProducts(user.id, levelOf(user), query),
  ),
);
