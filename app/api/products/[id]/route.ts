import { catalogApi } from "@/lib/contracts/catalog";
import { levelOfRequest } from "@/lib/server/catalog/pricing";
import { getProduct } from "@/lib/server/catalog/products";
import { forViewer } from "@/lib/server/catalog/serialize";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(catalogApi.product, async ({ req, params }) =>
    forViewer(await getProduct(params.id), await levelOfRequest(req)),
  ),
);
