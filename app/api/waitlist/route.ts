import { json, route } from "@/lib/server/http/route";
import { withSuccessFlag } from "@/lib/server/submissions/success-flag";
import { joinWaitlist } from "@/lib/server/submissions/waitlist";
import { waitlistSchema } from "@/lib/validators/submissions";

export const POST = withSuccessFlag(route({ body: waitlistSchema }, async ({ body }) => json(await joinWaitlist(body), 201)));
