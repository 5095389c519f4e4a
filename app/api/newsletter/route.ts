import { submissionsApi } from "@/lib/contracts/submissions";
import { clientIp } from "@/lib/server/http/client-ip";
import { handlers, json, route } from "@/lib/server/http/route";
import { subscribeToNewsletter } from "@/lib/server/submissions/newsletter";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  // 201 for a new subscriber, 200 when the address was already subscribed.
  route(submissionsApi.newsletter, async ({ req, body }) => {
    const { created, ...answer } = await subscribeToNewsletter(body, { ip: clientIp(req) });
    return json(answer, created ? 201 : 200);
  }),
);
