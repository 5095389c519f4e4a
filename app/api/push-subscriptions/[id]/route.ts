import { notificationsApi } from "@/lib/contracts/notifications";
import { handlers, route } from "@/lib/server/http/route";
import { removePushSubscription } from "@/lib/server/notifications/push-subscriptions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(notificationsApi.unsubscribePush, ({ user, params }) =>
    removePushSubscription(user.id, params.id),
  ),
);
