import { hubsApi } from "@/lib/contracts/hubs";
import { inviteSupplier, listSuppliers } from "@/lib/server/hubs/suppliers";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(hubsApi.suppliers, ({ user }) => listSuppliers(user)),
  route(hubsApi.invite, ({ user, body }) => inviteSupplier(user, body)),
);
