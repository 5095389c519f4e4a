import { notificationsApi } from "@/lib/contracts/notifications";
import { handlers, route } from "@/lib/server/http/route";
import {
  listPushSubscriptions,
  subscribePush,
} from "@/lib/server/notifications/push-subscriptions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(notificationsApi.pushSubscriptions, ({ user }) => listPushSubscriptions(user.id)),
  route(notificationsApi.subscribePush, ({ user, body, req }) =>
    subscribePush(user.id, body, req.headers.get("user-agent")),
  ),
);
