import { json, route } from "@/lib/server/http/route";
import { sendContactMessage } from "@/lib/server/submissions/contact";
import { withSuccessFlag } from "@/lib/server/submissions/success-flag";
import { contactSchema } from "@/lib/validators/submissions";

export const POST = withSuccessFlag(route({ body: contactSchema }, async ({ body }) => json(await sendContactMessage(body), 201)));
