import { fulfilmentApi } from "@/lib/contracts/fulfilment";
import { getFulfilmentSettings, saveFulfilmentSettings } from "@/lib/server/fulfilment/settings";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(fulfilmentApi.settings, ({ user }) => getFulfilmentSettings(user)),
  route(fulfilmentApi.saveSettings, ({ user, body }) => saveFulfilmentSettings(user, body)),
);
