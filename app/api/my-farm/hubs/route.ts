import { farmHubsApi } from "@/lib/contracts/hubs";
import { listFarmHubs } from "@/lib/server/hubs/suppliers";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmHubsApi.list, ({ user }) => listFarmHubs(user)),
);
