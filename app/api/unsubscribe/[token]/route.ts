import { notificationsApi } from "@/lib/contracts/notifications";
import { clientIp } from "@/lib/server/http/client-ip";
import { handlers, route } from "@/lib/server/http/route";
import { unsubscribe } from "@/lib/server/notifications/preferences";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  // A person who opens the header's link gets the confirm page; only POST changes anything.
  route(
    notificationsApi.unsubscribePage,
    ({ params }) =>
      new Response(null, {
        status: 303,
        headers: { location: `/unsubscribe/${params.token}`, "cache-control": "no-store" },
      }),
  ),
  route(notificationsApi.unsubscribe, ({ req, params }) =>
    unsubscribe(params.token, clientIp(req)),
  ),
);
