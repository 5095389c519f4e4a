import { route } from "@/lib/server/http/route";
import { toPublicUser } from "@/lib/server/auth/serialize";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "required" }, async ({ user }) => toPublicUser(user));
