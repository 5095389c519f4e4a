import { sessionApi } from "@/lib/contracts/session";
import { signedOutResponse } from "@/lib/server/http/session-cookie";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sessionApi.logout, ({ req }) => signedOutResponse(req)),
);
