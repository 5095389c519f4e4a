import "server-only";
import { userFromRequest } from "@/lib/server/auth/session";
import { clientIp } from "@/lib/server/http/client-ip";
import { subscribe } from "@/lib/server/realtime/bus";
import type { RealtimeEvent } from "@/lib/server/realtime/hub";
import { streamOpened } from "@/lib/server/realtime/presence";
import { admitStream } from "@/lib/server/realtime/stream-limits";
import { loadMessage } from "./serialize";

/** Comment frame that keeps proxies and idle timers from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;

const encoder = new TextEncoder();

function frame(event: RealtimeEvent): string {
  switch (event.type) {
    case "message":
      return `event: message\ndata: ${JSON.stringify({ message: event.message })}\n\n`;
    case "read":
      return `event: read\ndata: ${JSON.stringify({ byUserId: event.byUserId, otherUserId: event.otherUserId })}\n\n`;
    case "notification":
      return `event: notification\ndata: ${JSON.stringify({ kind: event.kind })}\n\n`;
    case "resync":
      return `event: resync\ndata: {}\n\n`;
  }
}

/**
 * GET /api/messages/stream: Server-Sent Events for the signed-in user. Events `message`
 * ({message}), `read` ({byUserId, otherUserId}), `resync`, and `closed` ({reason: "replaced"})
 * right before the server ends a stream the user replaced with a newer one; a heartbeat comment every 25 s,
 * which also re-checks the session so a logged-out or revoked session stops receiving.
 * Everything is released when the client goes away (abort) or the reader cancels.
 * Admission first (./stream-limits.ts): over a cap this throws 429 before any stream exists, and a
 * user's oldest stream is closed when they open one more than their cap.
 */
export function eventStreamResponse(
  req: Request,
  userId: number,
  opts: { heartbeatMs?: number } = {},
): Response {
  const slot = admitStream(userId, clientIp(req));
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const unsubscribe = subscribe(userId, (event) => write(frame(event)), loadMessage);
      streamOpened(userId);
      const heartbeat = setInterval(async () => {
        const user = await userFromRequest(req).catch(() => undefined);
        // undefined = database hiccup: keep the stream; null = session gone: end it.
        if (user === null || (user && user.id !== userId)) {
          cleanup();
          try {
            controller.close();
          } catch {
            /* already closed */
          }
          return;
        }
        write(`: heartbeat\n\n`);
      }, opts.heartbeatMs ?? HEARTBEAT_MS);
      const onAbort = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      // A newer stream of this user took the place: say so (the tab then waits until it is looked
      // at again instead of reconnecting at once and pushing out another tab), then end.
      slot.onEvict(() => {
        write(`event: closed\ndata: {"reason":"replaced"}\n\n`);
        onAbort();
      });
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        slot.release();
        req.signal.removeEventListener("abort", onAbort);
      };
      req.signal.addEventListener("abort", onAbort);
      if (req.signal.aborted) onAbort();
      // `retry` tells EventSource how soon to reconnect; the comment flushes headers at once.
      write(`retry: 3000\n: connected\n\n`);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      connection: "keep-alive",
      // Disables response buffering in nginx-style proxies.
      "x-accel-buffering": "no",
    },
  });
}
