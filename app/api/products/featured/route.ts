import { catalogApi } from "@/lib/contracts/catalog";
import { levelOfRequest } from "@/lib/server/catalog/pricing";
import { listFeaturedProducts } from "@/lib/server/catalog/products";
import { listForViewer } from "@/lib/server/catalog/serialize";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(catalogApi.featuredProducts, async ({ req, query }) =>
    listForViewer(await listFeaturedProducts(query), await levelOfRequest(req)),
  ),
);
