import { afterAll, describe, expect, it } from "vitest";
import { ORIGIN } from "../support/http";
import { withEnv } from "../support/env";
import { createFarmerWithSession, createUserWithSession } from "../support/factories";
import * as send from "@/app/api/messages/route";
import * as stream from "@/app/api/messages/stream/route";
import { closeListener } from "@/lib/server/platform/notify";
import { localListenerCount } from "@/lib/server/realtime/hub";
import { call } from "../support/http";

afterAll(closeListener);

let ipSeq = 0;
const freshIp = () => `10.83.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;

/** GET /api/messages/stream through the real handler, from one client address. */
async function open(cookie: string, ip: string) {
  const abort = new AbortController();
  const req = new Request(ORIGIN + "/api/messages/stream", {
    headers: { host: "localhost:3000", cookie, "x-fieldfare-client-ip": ip },
    signal: abort.signal,
  });
  const res = await stream.GET(req, { params: Promise.resolve({}) });
  if (res.status !== 200) {
    const refused = {
      status: res.status,
      json: JSON.parse(await res.text()) as unknown,
      retryAfter: res.headers.get("retry-after"),
    };
    return {
      res,
      refused,
      ended: async () => true,
      received: async () => false,
      text: () => "",
      close: () => {},
    };
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const readUntil = async (pred: () => boolean) => {
    while (!pred()) {
      const { value, done } = await reader.read();
      if (done) return false;
      text += decoder.decode(value, { stream: true });
    }
    return true;
  };
  await readUntil(() => text.includes(": connected"));
  return {
    res,
    refused: null as null | { status: number; json: unknown; retryAfter: string | null },
    /** Reads until the stream ends (true) — bounded by the test's own timeout, no timers. */
    ended: async () => !(await readUntil(() => false)),
    received: (pred: () => boolean) => readUntil(pred),
    text: () => text,
    close: () => abort.abort(),
  };
}
type Opened = Awaited<ReturnType<typeof open>>;
const closeAll = (list: Opened[]) => list.forEach((s) => s.close());

describe("SSE stream limits", () => {
  it("per user: opening one over STREAMS_PER_USER (5) closes that user's oldest stream; the newer ones keep receiving", async () => {
    const me = await createUserWithSession();
    const farm = await createFarmerWithSession();
    const before = localListenerCount();
    const streams: Opened[] = [];
    try {
      for (let i = 0; i < 6; i++) streams.push(await open(me.cookie, freshIp()));
      expect(streams.every((s) => s.refused === null)).toBe(true);
      expect(localListenerCount()).toBe(before + 5);
      expect(await streams[0].ended()).toBe(true);
      expect(streams[0].text()).toContain(`event: closed\ndata: {"reason":"replaced"}`);
      // The sender's own streams get the message too.
      const sent = await call(send.POST, "/api/messages", {
        cookie: me.cookie,
        body: { receiverId: farm.user.id, content: "still live?" },
      });
      expect(sent.status).toBe(201);
      for (const s of streams.slice(1))
        expect(await s.received(() => s.text().includes("still live?"))).toBe(true);
    } finally {
      closeAll(streams);
    }
    expect(localListenerCount()).toBe(before);
  });

  it("per address: over STREAMS_PER_IP is 429 JSON with Retry-After; another address is not affected; a closed stream frees its place", async () => {
    await withEnv({ STREAMS_PER_IP: "3" }, async () => {
      const ip = freshIp();
      const users = await Promise.all(Array.from({ length: 5 }, () => createUserWithSession()));
      const streams: Opened[] = [];
      try {
        for (const u of users.slice(0, 3)) streams.push(await open(u.cookie, ip));
        expect(streams.every((s) => s.refused === null)).toBe(true);
        const over = await open(users[3].cookie, ip);
        expect(over.refused).toEqual({
          status: 429,
          json: {
            message:
              "Too many live connections from this address. Please close a tab or try again shortly.",
            code: "rate_limited",
          },
          retryAfter: expect.stringMatching(/^[1-9]\d*$/),
        });
        const elsewhere = await open(users[3].cookie, freshIp());
        expect(elsewhere.refused).toBeNull();
        streams.push(elsewhere);
        streams[0].close();
        const again = await open(users[4].cookie, ip);
        expect(again.refused).toBeNull();
        streams.push(again);
      } finally {
        closeAll(streams);
      }
    });
  });

  it("global ceiling: over STREAMS_MAX on this instance is 429; a user at its own cap still replaces its oldest (no net new stream)", async () => {
    const before = localListenerCount();
    await withEnv({ STREAMS_MAX: String(before + 3), STREAMS_PER_USER: "2" }, async () => {
      const a = await createUserWithSession();
      const b = await createUserWithSession();
      const c = await createUserWithSession();
      const streams: Opened[] = [];
      try {
        streams.push(
          await open(a.cookie, freshIp()),
          await open(a.cookie, freshIp()),
          await open(b.cookie, freshIp()),
        );
        expect(streams.every((s) => s.refused === null)).toBe(true);
        const full = await open(c.cookie, freshIp());
        expect(full.refused).toEqual({
          status: 429,
          json: {
            message:
              "The server has too many live connections right now. Please try again shortly.",
            code: "rate_limited",
          },
          retryAfter: expect.stringMatching(/^[1-9]\d*$/),
        });
        // a is at its cap of 2: a third stream replaces a's oldest, the total stays at the ceiling.
        const replacing = await open(a.cookie, freshIp());
        expect(replacing.refused).toBeNull();
        streams.push(replacing);
        expect(await streams[0].ended()).toBe(true);
        expect(localListenerCount()).toBe(before + 3);
        streams[2].close();
        const now = await open(c.cookie, freshIp());
        expect(now.refused).toBeNull();
        streams.push(now);
      } finally {
        closeAll(streams);
      }
    });
  });

  it("a refusal is logged with the user id and the address, never the cookie", async () => {
    await withEnv({ STREAMS_PER_IP: "1" }, async () => {
      const ip = freshIp();
      const a = await createUserWithSession();
      const b = await createUserWithSession();
      const lines: string[] = [];
      const original = console.warn;
      console.warn = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
      const streams: Opened[] = [];
      try {
        streams.push(await open(a.cookie, ip), await open(b.cookie, ip));
        expect(streams[1].refused?.status).toBe(429);
      } finally {
        console.warn = original;
        closeAll(streams);
      }
      const text = lines.join("\n");
      expect(text).toContain(`user=${b.user.id}`);
      expect(text).toContain(`ip=${ip}`);
      expect(text).not.toContain(b.cookie.split("=")[1]);
    });
  });
});
