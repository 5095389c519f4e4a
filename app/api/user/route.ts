import { sessionApi } from "@/lib/contracts/session";
import { toPublicUser } from "@/lib/server/auth/serialize";
import { handlers, route } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(sessionApi.user, ({ user }) => toPublicUser(user)),
);
