import { expect, it } from "vitest";
import { createFarmerWithSession, createUserWithSession } from "../support/factories";
import { describeOnTwoInstances } from "../support/scale-out";
import { openSse } from "./support/app-instance";

/**
 * docs/realtime.md: two app instances (two processes, two ports) against ONE PostgreSQL database; a
 * message sent through instance A arrives live on a stream held by instance B (LISTEN/NOTIFY).
 * Runs on the production build in .next (made here when the sources changed, scripts/production-build.ts).
 */
describeOnTwoInstances("scale-out over PostgreSQL LISTEN/NOTIFY", (instances) => {
  it("a message sent through instance A arrives on B's stream on instance B, and the read receipt flows back", async () => {
    const [instA, instB] = instances;
    expect(instA.pid).not.toBe(instB.pid);
    const a = await createUserWithSession({ fullName: "Alex Sender" });
    const b = await createFarmerWithSession();

    const streamB = await openSse(instB.url, b.cookie);
    const streamA = await openSse(instA.url, a.cookie);
    const res = await fetch(`${instA.url}/api/messages`, {
      method: "POST",
      headers: { cookie: a.cookie, "content-type": "application/json", origin: instA.url },
      body: JSON.stringify({
        receiverId: b.user.id,
        content: "Sent via A, read via B",
        clientId: "scale-1",
      }),
    });
    expect(res.status).toBe(201);
    const sent = (await res.json()) as { id: number };

    const got = await streamB.next((f) => f.event === "message");
    expect(got.data).toMatchObject({
      message: {
        id: sent.id,
        senderId: a.user.id,
        receiverId: b.user.id,
        content: "Sent via A, read via B",
        clientId: "scale-1",
      },
    });

    // B opens the conversation on instance B; A's stream on instance A gets the read receipt.
    const convo = await fetch(`${instB.url}/api/messages/${a.user.id}`, {
      headers: { cookie: b.cookie },
    });
    expect(convo.status).toBe(200);
    const receipt = await streamA.next((f) => f.event === "read");
    expect(receipt.data).toEqual({ byUserId: b.user.id, otherUserId: a.user.id });

    streamA.close();
    streamB.close();
  });
});
