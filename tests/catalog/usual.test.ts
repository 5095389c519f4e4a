import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { GET as usual } from "@/app/api/products/usual/route";

const DAY = 86_400_000;
type Usual = {
  id: number;
  name: string;
  price: number;
  priceLevel: string;
  caseSize: number;
  usual: { quantity: number; orders: number; lastOrderedAt: string };
};

let farmId: number;
const p: Record<string, Awaited<ReturnType<typeof createProduct>>> = {};

/** One order of `lines` placed `daysAgo` days ago (the history the list reads). */
async function orderOf(
  userId: number,
  daysAgo: number,
  lines: [keyof typeof p, number][],
  status: "active" | "completed" | "cancelled" = "completed",
) {
  await db.order.create({
    data: {
      userId,
      farmId,
      status,
      isPaid: true,
      checkoutRef: `CO-${Math.random().toString(16).slice(2, 10)}`,
      totalCents: lines.reduce((s, [k, q]) => s + p[k].priceCents * q, 0),
      itemCount: lines.reduce((s, [, q]) => s + q, 0),
      createdAt: new Date(Date.now() - daysAgo * DAY),
      items: {
        create: lines.map(([k, quantity]) => ({
          productId: p[k].id,
          productName: p[k].name,
          quantity,
          priceCents: p[k].priceCents,
        })),
      },
    },
  });
}

beforeAll(async () => {
  farmId = (await createFarm({ farmName: "Usual Acres" })).farm.id;
  for (const name of ["Carrots", "Kale", "Eggs", "Old Beets", "Gone Garlic", "Cancelled Corn"])
    p[name] = await createProduct(farmId, { name, priceCents: 400 });
  await db.product.update({
    where: { id: p.Kale.id },
    data: { restaurantPriceCents: 300, caseSize: 6 },
  });
  await db.product.update({ where: { id: p["Gone Garlic"].id }, data: { isHidden: true } });
});

describe("GET /api/products/usual", () => {
  it("lists what the buyer orders most, then most recently, with the latest quantity; not cancelled, not older than 12 weeks, not hidden", async () => {
    const { user, cookie } = await createUserWithSession();
    await orderOf(user.id, 30, [
      ["Carrots", 2],
      ["Kale", 1],
    ]);
    await orderOf(user.id, 20, [["Carrots", 3]]);
    await orderOf(user.id, 10, [
      ["Carrots", 5],
      ["Eggs", 1],
      ["Gone Garlic", 1],
    ]);
    await orderOf(user.id, 2, [["Kale", 4]], "active");
    await orderOf(user.id, 1, [["Cancelled Corn", 9]], "cancelled");
    await orderOf(user.id, 100, [["Old Beets", 7]]);
    // Someone else's orders count for nothing here.
    const other = await createUserWithSession();
    await orderOf(other.user.id, 1, [["Old Beets", 1]]);

    const res = await call(usual, "/api/products/usual", { cookie });
    expect(res.status).toBe(200);
    const list = res.json as Usual[];
    expect(list.map((x) => [x.name, x.usual.orders, x.usual.quantity])).toEqual([
      ["Carrots", 3, 5],
      ["Kale", 2, 4],
      ["Eggs", 1, 1],
    ]);
    expect(list[0].price).toBe(4);
    expect(Date.parse(list[0].usual.lastOrderedAt)).toBeGreaterThan(Date.now() - 11 * DAY);

    const one = await call(usual, "/api/products/usual?limit=1", { cookie });
    expect((one.json as Usual[]).map((x) => x.name)).toEqual(["Carrots"]);
  });

  it("a restaurant reads its own price and case size; a new buyer gets an empty list; signed out is 401", async () => {
    const chef = await createUserWithSession({ userType: "restaurant" });
    await orderOf(chef.user.id, 5, [["Kale", 12]]);
    const res = await call(usual, "/api/products/usual", { cookie: chef.cookie });
    expect(res.json).toMatchObject([
      { name: "Kale", price: 3, priceLevel: "restaurant", caseSize: 6, usual: { quantity: 12 } },
    ]);

    const fresh = await createUserWithSession();
    expect((await call(usual, "/api/products/usual", { cookie: fresh.cookie })).json).toEqual([]);
    expect((await call(usual, "/api/products/usual")).status).toBe(401);
  });
});
