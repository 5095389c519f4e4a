import { opsApi } from "@/lib/contracts/ops";
import { revokeSessionByStaff } from "@/lib/server/auth/sessions";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(opsApi.revokeSession, ({ user, params }) =>
    revokeSessionByStaff(user.id, params.id, params.sessionId),
  ),
);
