import { json, route } from "@/lib/server/http/route";
import { subscribeToNewsletter } from "@/lib/server/submissions/newsletter";
import { withSuccessFlag } from "@/lib/server/submissions/success-flag";
import { newsletterSchema } from "@/lib/validators/submissions";

/** 201 for a new subscriber, 200 when the address was already subscribed (DESIGN.md §4). */
export const POST = withSuccessFlag(
  route({ body: newsletterSchema }, async ({ body }) => {
    const { created, ...answer } = await subscribeToNewsletter(body);
    return json(answer, created ? 201 : 200);
  }),
);
