import { messagesApi } from "@/lib/contracts/messages";
import { handlers, route } from "@/lib/server/http/route";
import { eventStreamResponse } from "@/lib/server/messages/stream";

// A long-lived stream: never cached or prerendered.
export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(messagesApi.stream, ({ req, user }) => eventStreamResponse(req, user.id)),
);
