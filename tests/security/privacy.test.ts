import { describe, expect, it } from "vitest";
import { call } from "../support/http";
import { createProduct, createUserWithSession } from "../support/factories";
import { farmerWithSession } from "../farm/support";
import { db } from "@/lib/server/platform/db";
import * as send from "@/app/api/messages/route";
import * as chats from "@/app/api/messages/chats/route";
import * as conversation from "@/app/api/messages/[userId]/route";
import * as suppliers from "@/app/api/suppliers/route";
import { getChatPeer } from "@/lib/server/messages/conversation";

// Audit finding: any signed-in user could read any other user's street address through the chat
// screens (ids are sequential). Other users are shown by name and a label worked out on the server:
// a farm's location for farmers, "Restaurant" for everyone else (docs/security.md, "Privacy").

const STREET = "4471 Secret Lane, Kelowna, BC V1W 9Z9";

async function open(cookie: string, otherId: number) {
  return call(conversation.GET, `/api/messages/${otherId}`, {
    cookie,
    params: { userId: String(otherId) },
  });
}

describe("what one user sees of another", () => {
  it("a buyer's street address, email, phone and username never reach the farm they write to", async () => {
    const buyer = await createUserWithSession({
      address: STREET,
      phone: "250-555-0199",
      fullName: "Bea Buyer",
    });
    const { owner, cookie: farmCookie } = await farmerWithSession({
      farmName: "Quiet Creek",
      location: "East Kelowna, BC",
    });
    expect(
      (
        await call(send.POST, "/api/messages", {
          cookie: buyer.cookie,
          body: { receiverId: owner.id, content: "Hello farm" },
        })
      ).status,
    ).toBe(201);

    const list = await call(chats.GET, "/api/messages/chats", { cookie: farmCookie });
    expect(list.status).toBe(200);
    // What the farm may see of the buyer: the name and a label, never the address or phone.
    const seen = {
      id: buyer.user.id,
      fullName: "Bea Buyer",
      userType: "user",
      profileImage: "",
      verified: false,
      label: "Restaurant",
      farmName: null,
    };
    expect(list.json[0].user).toEqual(seen);
    const convo = await open(farmCookie, buyer.user.id);
    expect(convo.status).toBe(200);
    const peer = await getChatPeer(owner.id, buyer.user.id);
    expect(peer).toEqual(seen);
    for (const text of [list.text, convo.text, JSON.stringify(peer)]) {
      expect(text).not.toContain("Secret Lane");
      expect(text).not.toContain("250-555-0199");
      expect(text).not.toContain(buyer.user.email);
      expect(text).not.toContain(buyer.user.username!);
    }
  });

  it("a farmer is shown with the farm's location, computed on the server", async () => {
    const buyer = await createUserWithSession();
    const { owner } = await farmerWithSession({
      farmName: "Stillwater Orchard",
      location: "East Kelowna, BC",
    });
    await db.user.update({ where: { id: owner.id }, data: { address: STREET } });
    expect(await getChatPeer(buyer.user.id, owner.id)).toMatchObject({
      id: owner.id,
      userType: "farmer",
      label: "East Kelowna, BC",
      farmName: "Stillwater Orchard",
    });
    const found = await call(suppliers.GET, "/api/suppliers?q=stillwater", {
      cookie: buyer.cookie,
    });
    expect(found.json).toHaveLength(1);
    expect(found.json[0].user.label).toBe("East Kelowna, BC");
    expect(found.text).not.toContain("Secret Lane");
  });

  it("a chat with a non-farmer opens only when an order or an earlier conversation links the two", async () => {
    const stranger = await createUserWithSession();
    const target = await createUserWithSession({ address: STREET });
    // No link: the same 404 as for an id that does not exist (no way to tell them apart).
    for (const id of [target.user.id, 99_999_999]) {
      const r = await open(stranger.cookie, id);
      expect(r.status).toBe(404);
      expect(r.json.message).toBe("User not found");
    }
    const before = await db.message.count();
    const post = await call(send.POST, "/api/messages", {
      cookie: stranger.cookie,
      body: { receiverId: target.user.id, content: "hi" },
    });
    expect(post.status).toBe(404);
    expect(await db.message.count()).toBe(before);

    // A farm may write to a buyer who ordered from it, and the buyer may answer.
    const { owner, farm, cookie: farmCookie } = await farmerWithSession();
    const product = await createProduct(farm.id);
    expect((await open(farmCookie, target.user.id)).status).toBe(404);
    await db.order.create({
      data: {
        userId: target.user.id,
        farmId: farm.id,
        totalCents: 450,
        itemCount: 1,
        checkoutRef: "CO-PRIVACY",
        items: {
          create: [
            { productId: product.id, productName: product.name, quantity: 1, priceCents: 450 },
          ],
        },
      },
    });
    expect((await open(farmCookie, target.user.id)).status).toBe(200);
    expect(
      (
        await call(send.POST, "/api/messages", {
          cookie: farmCookie,
          body: { receiverId: target.user.id, content: "Your order is ready" },
        })
      ).status,
    ).toBe(201);
    expect((await open(target.cookie, owner.id)).status).toBe(200);
  });
});
