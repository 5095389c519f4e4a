import { catalogApi } from "@/lib/contracts/catalog";
import { levelOfRequest } from "@/lib/server/catalog/pricing";
import { listPopularProducts } from "@/lib/server/catalog/products";
import { listForViewer } from "@/lib/server/catalog/serialize";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(catalogApi.popularProducts, async ({ req, query }) =>
    listForViewer(await listPopularProducts(query), await levelOfRequest(req)),
  ),
);
