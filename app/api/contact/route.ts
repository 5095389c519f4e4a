import { submissionsApi } from "@/lib/contracts/submissions";
import { handlers, route } from "@/lib/server/http/route";
import { sendContactMessage } from "@/lib/server/submissions/contact";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(submissionsApi.contact, ({ body }) => sendContactMessage(body)),
);
