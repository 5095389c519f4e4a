import { notificationsApi } from "@/lib/contracts/notifications";
import { handlers, route } from "@/lib/server/http/route";
import { getPreferences, updatePreferences } from "@/lib/server/notifications/preferences";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(notificationsApi.preferences, ({ user }) => getPreferences(user.id)),
  route(notificationsApi.updatePreferences, ({ user, body }) => updatePreferences(user.id, body)),
);
