import { securityApi } from "@/lib/contracts/security";
import { endSession } from "@/lib/server/auth/sessions";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(securityApi.endSession, ({ user, params }) => endSession(user.id, params.id)),
);
