import { catalogApi } from "@/lib/contracts/catalog";
import { getFarm } from "@/lib/server/catalog/farms";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(catalogApi.farm, ({ params }) => getFarm(params.id)),
);
