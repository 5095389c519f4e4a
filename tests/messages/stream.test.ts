import { afterAll, describe, expect, it } from "vitest";
import { call, ORIGIN } from "../support/http";
import { createFarmerWithSession, createUserWithSession } from "../support/factories";
import { onPostgres } from "../support/pg";
import * as send from "@/app/api/messages/route";
import * as conversation from "@/app/api/messages/[userId]/route";
import * as stream from "@/app/api/messages/stream/route";
import * as logout from "@/app/api/logout/route";
import {
  closeListener,
  dropListenerForTests,
  listenerConnected,
} from "@/lib/server/platform/notify";
import { localListenerCount } from "@/lib/server/realtime/hub";
import { eventStreamResponse } from "@/lib/server/messages/stream";
import { userFromRequest } from "@/lib/server/auth/session";
import { sseParser } from "./support/sse";

afterAll(closeListener);

type Frame = { event: string; data: unknown };

/** Opens GET /api/messages/stream through the real handler and parses SSE frames as they come. */
async function openStream(cookie: string) {
  const abort = new AbortController();
  const req = new Request(ORIGIN + "/api/messages/stream", {
    headers: { host: "localhost:3000", cookie },
    signal: abort.signal,
  });
  const res = await stream.GET(req, { params: Promise.resolve({}) });
  const reader = res.body!.getReader();
  const parse = sseParser();
  const frames: Frame[] = [];
  let comments = 0;
  async function pump(until: () => boolean) {
    while (!until()) {
      const { value, done } = await reader.read();
      if (done) return false;
      for (const { event, data, comments: notes } of parse(value)) {
        comments += notes.length;
        if (data) frames.push({ event, data: JSON.parse(data) });
      }
    }
    return true;
  }
  await pump(() => comments > 0); // "connected" comment: subscribed
  return {
    res,
    frames,
    comments: () => comments,
    /** Reads until a frame matching `pred` arrives (no timers: the test's own timeout bounds it). */
    next: async (pred: (f: Frame) => boolean) => {
      await pump(() => frames.some(pred));
      return frames.find(pred)!;
    },
    ended: async () => pump(() => false),
    close: () => abort.abort(),
  };
}

describe("GET /api/messages/stream (SSE)", () => {
  it("401 without a session", async () => {
    const r = await call(stream.GET, "/api/messages/stream");
    expect(r.status).toBe(401);
  });

  it("delivers a new message live to the receiver and the sender, and read receipts to the sender", async () => {
    const a = await createUserWithSession();
    const b = await createFarmerWithSession();
    const c = await createFarmerWithSession();
    const sb = await openStream(b.cookie);
    const sa = await openStream(a.cookie);
    const sc = await openStream(c.cookie);
    expect(sb.res.headers.get("content-type")).toMatch(/^text\/event-stream/);

    const sent = await call(send.POST, "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: b.user.id, content: "Fresh basil today?", clientId: "live-1" },
    });
    expect(sent.status).toBe(201);
    const atB = await sb.next((f) => f.event === "message");
    expect(atB.data).toEqual({ message: sent.json });
    const atA = await sa.next((f) => f.event === "message");
    expect((atA.data as { message: { clientId: string } }).message.clientId).toBe("live-1");

    // B opens the conversation: A learns it was read.
    await call(conversation.GET, `/api/messages/${a.user.id}`, {
      cookie: b.cookie,
      params: { userId: String(a.user.id) },
    });
    const receipt = await sa.next((f) => f.event === "read");
    expect(receipt.data).toEqual({ byUserId: b.user.id, otherUserId: a.user.id });

    // Once the two have talked, a send is stored and announced in one statement (PostgreSQL): each
    // arrives equal to the answer its sender got, and once.
    const sendAs = (cookie: string, receiverId: number, content: string, clientId: string) =>
      call(send.POST, "/api/messages", { cookie, body: { receiverId, content, clientId } });
    const withClientId = (id: string) => (f: Frame) =>
      f.event === "message" &&
      (f.data as { message: { clientId: string } }).message.clientId === id;
    const reply = await sendAs(b.cookie, a.user.id, "Yes, picked this morning", "live-2");
    expect(reply.status).toBe(201);
    expect((await sa.next(withClientId("live-2"))).data).toEqual({ message: reply.json });
    const again = await sendAs(a.cookie, b.user.id, "Two bunches, please", "live-3");
    expect(again.status).toBe(201);
    expect((await sb.next(withClientId("live-3"))).data).toEqual({ message: again.json });
    await sendAs(a.cookie, b.user.id, "Thanks!", "live-4");
    await sb.next(withClientId("live-4"));
    expect(sb.frames.filter(withClientId("live-3"))).toHaveLength(1);

    // A third user's stream received nothing of it: send C a message and check it is the first frame.
    await call(send.POST, "/api/messages", {
      cookie: a.cookie,
      body: { receiverId: c.user.id, content: "hello C" },
    });
    const atC = await sc.next((f) => f.event === "message");
    expect(sc.frames[0]).toBe(atC);
    expect(JSON.stringify(sc.frames)).not.toContain("basil");

    for (const s of [sa, sb, sc]) s.close();
  });

  it("releases its subscription when the client disconnects", async () => {
    const a = await createUserWithSession();
    const before = localListenerCount();
    const s = await openStream(a.cookie);
    expect(localListenerCount()).toBe(before + 1);
    s.close();
    expect(await s.ended()).toBe(false);
    expect(localListenerCount()).toBe(before);
  });

  it("sends heartbeats and ends the stream once the session is logged out", async () => {
    const a = await createUserWithSession();
    const req = new Request(ORIGIN + "/api/messages/stream", {
      headers: { host: "localhost:3000", cookie: a.cookie },
    });
    const user = await userFromRequest(req);
    const res = eventStreamResponse(req, user!.id, { heartbeatMs: 50 });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes(": heartbeat")) text += decoder.decode((await reader.read()).value);
    const out = await call(logout.POST, "/api/logout", { cookie: a.cookie, method: "POST" });
    expect(out.status).toBe(200);
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
  });

  it.skipIf(!onPostgres)(
    "re-establishes the Postgres LISTEN connection after it drops (PostgreSQL only: PGlite has no separate listener)",
    async () => {
      const a = await createUserWithSession();
      const b = await createFarmerWithSession();
      const sb = await openStream(b.cookie);
      while (!listenerConnected()) await new Promise((r) => setTimeout(r, 20));
      await dropListenerForTests();
      expect(listenerConnected()).toBe(false);
      // Streams are told to resync once the listener is back.
      await sb.next((f) => f.event === "resync");
      expect(listenerConnected()).toBe(true);
      const sent = await call(send.POST, "/api/messages", {
        cookie: a.cookie,
        body: { receiverId: b.user.id, content: "after reconnect" },
      });
      const got = await sb.next(
        (f) =>
          f.event === "message" &&
          (f.data as { message: { id: number } }).message.id === sent.json.id,
      );
      expect((got.data as { message: { content: string } }).message.content).toBe(
        "after reconnect",
      );
      sb.close();
    },
  );
});
