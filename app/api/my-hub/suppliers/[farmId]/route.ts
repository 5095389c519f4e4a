import { hubsApi } from "@/lib/contracts/hubs";
import { setSupplierMargin } from "@/lib/server/hubs/suppliers";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(hubsApi.setMargin, ({ user, params, body }) =>
    setSupplierMargin(user, params.farmId, body),
  ),
);
