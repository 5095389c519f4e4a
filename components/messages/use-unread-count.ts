"use client";
import { useEffect } from "react";
import useSWR from "swr";
import { useAuth } from "@/components/auth/auth-provider";
import {
  notifyMessagesRead,
  onLocalMessagesRead,
  subscribeToMessageStream,
} from "./message-stream";

export { notifyMessagesRead };

export const UNREAD_KEY = "/api/messages/unread";

/**
 * The signed-in user's unread message count for the header badge: the server's real count
 * (GET /api/messages/unread, SWR key `UNREAD_KEY`), revalidated whenever the shared SSE stream says
 * a message arrived or messages were read (also in another tab), and when the chat view reports a
 * read. SWR drops an answer that a newer request has overtaken. Visitors: 0.
 */
export function useUnreadCount(): number {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { data, mutate } = useSWR<{ count: number }>(userId === null ? null : UNREAD_KEY);

  useEffect(() => {
    if (userId === null) return;
    const refresh = () => void mutate();
    const offStream = subscribeToMessageStream((event) => {
      if (event.type === "resync") refresh();
      else if (event.type === "message" && event.message.receiverId === userId) refresh();
      else if (event.type === "read" && event.byUserId === userId) refresh();
    });
    const offLocal = onLocalMessagesRead(refresh);
    return () => {
      offStream();
      offLocal();
    };
  }, [userId, mutate]);

  return userId === null ? 0 : (data?.count ?? 0);
}
