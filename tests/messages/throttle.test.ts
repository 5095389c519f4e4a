import { describe, expect, it } from "vitest";
import * as send from "@/app/api/messages/route";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";
import { withEnv } from "../support/env";
import { createFarmerWithSession, createUserWithSession } from "../support/factories";
import { onPostgres } from "../support/pg";

const post = (cookie: string, receiverId: number, content: string, clientId?: string) =>
  call(send.POST, "/api/messages", {
    cookie,
    body: { receiverId, content, ...(clientId ? { clientId } : {}) },
  });

describe("message throttles", () => {
  it("60 messages in a burst from one sender: MESSAGE_LIMIT_PER_MINUTE (30) are stored, the rest are 429 with Retry-After and {message, code}", async () => {
    const me = await createUserWithSession();
    const farm = await createFarmerWithSession();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post(me.cookie, farm.user.id, `burst ${i}`)),
    );
    expect(answers.filter((a) => a.status === 201).length).toBe(30);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBe(30);
    for (const r of refused) {
      expect(r.json).toEqual({
        message: "You're sending messages too quickly. Please wait a moment and try again.",
        code: "rate_limited",
      });
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    }
    expect(await db.message.count({ where: { senderId: me.user.id } })).toBe(30);
    // Another sender is not affected.
    const other = await createUserWithSession();
    expect((await post(other.cookie, farm.user.id, "hello")).status).toBe(201);
  });

  it("between people who have talked (one statement on PostgreSQL), a burst stores exactly MESSAGE_LIMIT_PER_MINUTE and refuses the rest", async () => {
    const me = await createUserWithSession();
    const farm = await createFarmerWithSession();
    expect((await post(me.cookie, farm.user.id, "hello")).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(me.cookie, farm.user.id, `again ${i}`, `burst-${i}`),
      ),
    );
    expect(answers.filter((a) => a.status === 201).length).toBe(29);
    expect(answers.filter((a) => a.status === 429).length).toBe(11);
    expect(await db.message.count({ where: { senderId: me.user.id } })).toBe(30);
    // Over the limit now, a retry of one that was stored is still answered with it.
    const stored = answers.find((a) => a.status === 201)!;
    const again = await post(me.cookie, farm.user.id, stored.json.content, stored.json.clientId);
    expect(again.status).toBe(201);
    expect(again.json.id).toBe(stored.json.id);
    expect(await db.message.count({ where: { senderId: me.user.id } })).toBe(30);
  });

  it("a retry of a message already stored (same clientId) is answered with it, not refused", async () => {
    await withEnv({ MESSAGE_LIMIT_PER_MINUTE: "1" }, async () => {
      const me = await createUserWithSession();
      const farm = await createFarmerWithSession();
      const first = await post(me.cookie, farm.user.id, "once", "retry-1");
      expect(first.status).toBe(201);
      expect((await post(me.cookie, farm.user.id, "twice")).status).toBe(429);
      const retry = await post(me.cookie, farm.user.id, "once", "retry-1");
      expect(retry.status).toBe(201);
      expect(retry.json.id).toBe(first.json.id);
    });
  });

  it("new recipients per hour: MESSAGE_NEW_RECIPIENTS_PER_HOUR people never exchanged a message with; existing conversations and replies are not new", async () => {
    await withEnv({ MESSAGE_NEW_RECIPIENTS_PER_HOUR: "2" }, async () => {
      const me = await createUserWithSession();
      const farms = await Promise.all(Array.from({ length: 4 }, () => createFarmerWithSession()));
      expect((await post(me.cookie, farms[0].user.id, "hi 0")).status).toBe(201);
      expect((await post(me.cookie, farms[0].user.id, "hi 0 again")).status).toBe(201);
      expect((await post(me.cookie, farms[1].user.id, "hi 1")).status).toBe(201);
      const third = await post(me.cookie, farms[2].user.id, "hi 2");
      expect(third.status).toBe(429);
      expect(third.json).toEqual({
        message: "You've started too many new conversations. Please try again later.",
        code: "rate_limited",
      });
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(60);
      // Still free: the people already written to, and a farm that wrote first.
      expect((await post(me.cookie, farms[1].user.id, "hi 1 again")).status).toBe(201);
      // (A farm may write to a shopper once an order links them; the row stands for that first message.)
      await db.message.create({
        data: {
          senderId: farms[3].user.id,
          receiverId: me.user.id,
          content: "Your order is ready",
        },
      });
      expect((await post(me.cookie, farms[3].user.id, "Thanks!")).status).toBe(201);
      expect(
        await db.message.count({ where: { senderId: me.user.id, receiverId: farms[2].user.id } }),
      ).toBe(0);
    });
  });

  it.skipIf(!onPostgres)(
    "in parallel, 3 messages to each of 4 new people with 2 allowed: exactly 2 people get all 3, the others none (PostgreSQL only: PGlite runs one statement at a time)",
    async () => {
      await withEnv({ MESSAGE_NEW_RECIPIENTS_PER_HOUR: "2" }, async () => {
        const me = await createUserWithSession();
        const farms = await Promise.all(Array.from({ length: 4 }, () => createFarmerWithSession()));
        const answers = await Promise.all(
          farms.flatMap((f) => [0, 1, 2].map((i) => post(me.cookie, f.user.id, `hello ${i}`))),
        );
        expect(answers.filter((a) => a.status === 201).length).toBe(6);
        expect(answers.filter((a) => a.status === 429).length).toBe(6);
        const perFarm = await Promise.all(
          farms.map((f) =>
            db.message.count({ where: { senderId: me.user.id, receiverId: f.user.id } }),
          ),
        );
        expect(perFarm.sort()).toEqual([0, 0, 3, 3]);
      });
    },
  );
});
