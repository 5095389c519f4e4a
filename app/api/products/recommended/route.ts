import { catalogApi } from "@/lib/contracts/catalog";
import { levelOf } from "@/lib/server/catalog/pricing";
import { recommendProducts } from "@/lib/server/catalog/recommend";
import { listForViewer } from "@/lib/server/catalog/serialize";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(catalogApi.recommendedProducts, async ({ user, query }) =>
    listForViewer(await recommendProducts(user.id, query), levelOf(user)),
  ),
);
