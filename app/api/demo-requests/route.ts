import { json, route } from "@/lib/server/http/route";
import { requestDemo } from "@/lib/server/submissions/demo-request";
import { withSuccessFlag } from "@/lib/server/submissions/success-flag";
import { demoRequestSchema } from "@/lib/validators/submissions";

export const POST = withSuccessFlag(route({ body: demoRequestSchema }, async ({ body }) => json(await requestDemo(body), 201)));
