import { notificationsApi } from "@/lib/contracts/notifications";
import { handlers, route } from "@/lib/server/http/route";
import { setFreshSheetSwitch } from "@/lib/server/notifications/fresh-sheets";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(notificationsApi.setFreshSheet, ({ user, params, body }) =>
    setFreshSheetSwitch(user, params.farmId, body.email),
  ),
);
