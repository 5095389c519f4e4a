import { describe, expect, it } from "vitest";
import { combine, type ChatItem } from "@/components/messages/use-conversation";
import type { ChatMessage } from "@/lib/contracts/messages";

const ME = 1;
const PEER = 2;
const msg = (
  id: number,
  senderId: number,
  clientId: string | null = null,
  isRead = false,
): ChatMessage => ({
  id,
  senderId,
  receiverId: senderId === ME ? PEER : ME,
  content: `m${id}`,
  timestamp: "2026-11-23T10:00:00.000Z",
  isRead,
  clientId,
  attachments: [],
  kind: "text",
  adjustment: null,
});
const local = (m: ChatMessage, state: ChatItem["state"]): ChatItem => ({ ...m, state });

describe("the messages a conversation shows", () => {
  it("puts the server's pages in id order (newest page first in SWR) with unsent messages last", () => {
    const pages = [
      [msg(51, PEER), msg(52, ME)],
      [msg(1, ME), msg(2, PEER)],
    ];
    const sending = local(msg(-5, ME, "c-1"), "sending");
    expect(combine(pages, [sending], ME, 0).map((m) => [m.id, m.state])).toEqual([
      [1, "sent"],
      [2, "sent"],
      [51, "sent"],
      [52, "sent"],
      [-5, "sending"],
    ]);
  });

  it("shows a send once when the server's copy (same sender and clientId) is in the pages", () => {
    const failed = local(msg(-5, ME, "c-1"), "failed");
    const shown = combine([[msg(7, ME, "c-1")]], [failed], ME, 0);
    expect(shown.map((m) => [m.id, m.state])).toEqual([[7, "sent"]]);
  });

  it("keeps a peer's message with the same clientId as ours (clientIds are per sender)", () => {
    const sending = local(msg(-5, ME, "c-1"), "sending");
    const shown = combine([[msg(7, PEER, "c-1")]], [sending], ME, 0);
    expect(shown.map((m) => m.id)).toEqual([7, -5]);
  });

  it("adds live messages the pages do not have yet, and shows the server's copy once they do", () => {
    const live = local(msg(8, PEER), "sent");
    expect(combine([[msg(7, ME)]], [live], ME, 0).map((m) => m.id)).toEqual([7, 8]);
    expect(
      combine([[msg(7, ME), { ...msg(8, PEER), content: "server" }]], [live], ME, 0).map(
        (m) => m.content,
      ),
    ).toEqual(["m7", "server"]);
  });

  it("marks our messages up to the peer's read mark read, and only ours", () => {
    const shown = combine(
      [[msg(3, ME), msg(4, PEER), msg(5, ME)]],
      [local(msg(6, ME), "sent")],
      ME,
      5,
    );
    expect(shown.map((m) => [m.id, m.isRead])).toEqual([
      [3, true],
      [4, false],
      [5, true],
      [6, false],
    ]);
  });
});
