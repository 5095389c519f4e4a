import { route } from "@/lib/server/http/route";
import { eventStreamResponse } from "@/lib/server/realtime/sse";

// A long-lived stream: never cached or prerendered.
export const dynamic = "force-dynamic";

export const GET = route({ auth: "required" }, async ({ req, user }) => eventStreamResponse(req, user.id));
