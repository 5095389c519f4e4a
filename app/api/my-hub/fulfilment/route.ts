import { hubsApi } from "@/lib/contracts/hubs";
import { getHubFulfilment, saveHubFulfilment } from "@/lib/server/hubs/hubs";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(hubsApi.settings, ({ user }) => getHubFulfilment(user)),
  route(hubsApi.saveSettings, ({ user, body }) => saveHubFulfilment(user, body)),
);
