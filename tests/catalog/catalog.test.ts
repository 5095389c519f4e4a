import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";
import { createFarm, createProduct, createUserWithSession } from "../support/factories";
import { GET as categories } from "@/app/api/categories/route";
import { GET as featured } from "@/app/api/products/featured/route";
import { GET as popular } from "@/app/api/products/popular/route";
import { GET as recommended } from "@/app/api/products/recommended/route";
import { GET as search } from "@/app/api/products/search/route";
import { GET as productById } from "@/app/api/products/[id]/route";
import { GET as featuredFarms } from "@/app/api/farms/featured/route";
import { GET as recommendedFarms } from "@/app/api/farms/recommended/route";
import { GET as farmById } from "@/app/api/farms/[id]/route";

type Id = { id: number };
let veg: Id, dairy: Id, bakery: Id;
let sunny: Awaited<ReturnType<typeof createFarm>>,
  orchard: Awaited<ReturnType<typeof createFarm>>,
  hill: Awaited<ReturnType<typeof createFarm>>;
const p: Record<string, Awaited<ReturnType<typeof createProduct>>> = {};

beforeAll(async () => {
  veg = await db.category.create({ data: { name: "Vegetables", icon: "seedling" } });
  dairy = await db.category.create({ data: { name: "Dairy & Eggs", icon: "egg" } });
  bakery = await db.category.create({ data: { name: "Bakery", icon: "bread" } });
  sunny = await createFarm({ farmName: "Sunny Acres", rating: 4.8, distance: 2.35 });
  orchard = await createFarm({ farmName: "Okanagan Orchards", rating: 4.6 });
  hill = await createFarm({ farmName: "Hillside Creamery", rating: 3.9 });
  p.carrot = await createProduct(sunny.farm.id, {
    name: "Rainbow Carrots",
    description: "Crunchy heirloom roots",
    categoryId: veg.id,
    isFeatured: true,
    priceCents: 399,
  });
  p.kale = await createProduct(sunny.farm.id, {
    name: "Lacinato Kale",
    description: "Dark leafy greens",
    categoryId: veg.id,
    isPopular: true,
  });
  p.tomato = await createProduct(sunny.farm.id, {
    name: "Heirloom Tomatoes",
    description: "Vine ripened",
    categoryId: veg.id,
    isFeatured: true,
    isPopular: true,
  });
  p.apple = await createProduct(orchard.farm.id, {
    name: "Honeycrisp Apples",
    description: "Sweet and crisp",
    isFeatured: true,
  });
  p.cider = await createProduct(orchard.farm.id, {
    name: "Pressed Juice",
    description: "Made from our apples",
    isPopular: true,
    inStock: false,
  });
  p.secret = await createProduct(orchard.farm.id, {
    name: "Secret Apple Pie",
    description: "apple",
    isFeatured: true,
    isPopular: true,
    isHidden: true,
  });
  p.eggs = await createProduct(hill.farm.id, {
    name: "Free-range Eggs",
    description: "A dozen",
    categoryId: dairy.id,
    isPopular: true,
  });
  p.cheese = await createProduct(hill.farm.id, {
    name: "Aged Cheddar",
    description: "Twelve months",
    categoryId: dairy.id,
  });
  p.sourdough = await createProduct(hill.farm.id, {
    name: "Sourdough Loaf",
    description: "Naturally leavened",
    categoryId: bakery.id,
  });
});

const ids = (list: { id: number }[]) => list.map((x) => x.id);

describe("GET /api/categories", () => {
  it("lists every category with id, name and icon", async () => {
    const r = await call(categories, "/api/categories");
    expect(r.status).toBe(200);
    expect(r.json).toEqual([
      { id: veg.id, name: "Vegetables", icon: "seedling" },
      { id: dairy.id, name: "Dairy & Eggs", icon: "egg" },
      { id: bakery.id, name: "Bakery", icon: "bread" },
    ]);
  });
});

describe("product lists", () => {
  it("featured: newest first, default limit 4, hidden excluded, dollars and farm", async () => {
    const r = await call(featured, "/api/products/featured");
    expect(r.status).toBe(200);
    expect(ids(r.json)).toEqual([p.apple.id, p.tomato.id, p.carrot.id]);
    const carrot = r.json.find((x: Id) => x.id === p.carrot.id);
    expect(carrot).toEqual({
      id: p.carrot.id,
      farmId: sunny.farm.id,
      categoryId: veg.id,
      name: "Rainbow Carrots",
      description: "Crunchy heirloom roots",
      price: 3.99,
      priceLevel: "retail",
      caseSize: 1,
      unit: "lb",
      taxClass: "zero",
      inStock: true,
      isFeatured: true,
      isPopular: false,
      image: "",
      createdAt: p.carrot.createdAt.toISOString(),
      farm: { id: sunny.farm.id, farmName: "Sunny Acres" },
    });
    expect(JSON.stringify(r.json)).not.toMatch(/priceCents|search|stock"/);
  });

  it("popular: includes out-of-stock products flagged as such, excludes hidden", async () => {
    const r = await call(popular, "/api/products/popular?limit=10");
    expect(r.status).toBe(200);
    expect(ids(r.json)).toEqual([p.eggs.id, p.cider.id, p.tomato.id, p.kale.id]);
    expect(r.json.find((x: Id) => x.id === p.cider.id).inStock).toBe(false);
  });

  it("limit is honoured and categoryId filters", async () => {
    expect(ids((await call(popular, "/api/products/popular?limit=1")).json)).toEqual([p.eggs.id]);
    expect(ids((await call(popular, `/api/products/popular?categoryId=${veg.id}`)).json)).toEqual([
      p.tomato.id,
      p.kale.id,
    ]);
    expect((await call(featured, "/api/products/featured?limit=50")).status).toBe(200);
  });

  it.each(["0", "51", "abc", "-1", "2.5", "1e1"])(
    "limit=%s is 400 on every list",
    async (limit) => {
      for (const [h, path] of [
        [featured, "/api/products/featured"],
        [popular, "/api/products/popular"],
        [featuredFarms, "/api/farms/featured"],
        [search, "/api/products/search"],
      ] as const) {
        const r = await call(h, `${path}?limit=${limit}`);
        expect(r.status, path).toBe(400);
        expect(r.json.message).toBe("limit must be a whole number from 1 to 50");
        expect(r.json.errors).toEqual({ limit: "limit must be a whole number from 1 to 50" });
      }
      const { cookie } = await createUserWithSession();
      expect(
        (await call(recommended, `/api/products/recommended?limit=${limit}`, { cookie })).status,
      ).toBe(400);
      expect(
        (await call(recommendedFarms, `/api/farms/recommended?limit=${limit}`, { cookie })).status,
      ).toBe(400);
    },
  );

  it("a bad categoryId is 400", async () => {
    expect((await call(featured, "/api/products/featured?categoryId=x")).status).toBe(400);
  });
});

describe("GET /api/products/[id]", () => {
  it("returns a visible product and 404 for hidden, unknown or malformed ids", async () => {
    const ok = await call(productById, `/api/products/${p.kale.id}`, {
      params: { id: String(p.kale.id) },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.name).toBe("Lacinato Kale");
    for (const id of [String(p.secret.id), "999999", "abc"]) {
      const r = await call(productById, `/api/products/${id}`, { params: { id } });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ message: "Product not found", code: "not_found" });
    }
  });
});

describe("GET /api/products/search", () => {
  const q = async (query: string) => {
    const r = await call(search, `/api/products/search?${query}`);
    expect(r.status).toBe(200);
    return r.json as { id: number; name: string }[];
  };

  it("finds by name with prefix matching, case-insensitively", async () => {
    expect(ids(await q("q=carr"))).toEqual([p.carrot.id]);
    expect(ids(await q("q=HONEYCRISP"))).toEqual([p.apple.id]);
    expect(ids(await q("q=tomatoes"))).toEqual([p.tomato.id]);
  });

  it("finds by description", async () => {
    expect(ids(await q("q=leavened"))).toEqual([p.sourdough.id]);
    expect(ids(await q("q=leafy%20gre"))).toEqual([p.kale.id]);
  });

  it("finds by farm name and category name, own-text matches first", async () => {
    expect(ids(await q("q=sunny"))).toEqual([p.tomato.id, p.kale.id, p.carrot.id]);
    expect(ids(await q("q=vegeta"))).toEqual([p.tomato.id, p.kale.id, p.carrot.id]);
    expect(ids(await q("q=dairy"))).toEqual([p.cheese.id, p.eggs.id]);
    // "apple" is in the apples' name and the juice's description (and the hidden pie, never shown).
    expect(ids(await q("q=apple"))).toEqual([p.cider.id, p.apple.id]);
    expect(ids(await q("q=orchards"))).toEqual([p.cider.id, p.apple.id]);
  });

  it("never returns hidden products", async () => {
    expect(ids(await q("q=secret"))).toEqual([]);
    expect(ids(await q("q=pie"))).toEqual([]);
  });

  it("filters by category alone or together with text", async () => {
    expect(ids(await q(`categoryId=${dairy.id}`))).toEqual([p.cheese.id, p.eggs.id]);
    expect(ids(await q(`q=heirloom&categoryId=${veg.id}`))).toEqual([p.tomato.id, p.carrot.id]);
    expect(ids(await q(`q=heirloom&categoryId=${dairy.id}`))).toEqual([]);
  });

  it("treats punctuation and operators as plain text", async () => {
    expect(ids(await q("q=" + encodeURIComponent("carrots & | ! ' :*")))).toEqual([p.carrot.id]);
    expect(await q("q=" + encodeURIComponent("%_\\"))).toEqual([]);
    expect(await q("q=zzzz")).toEqual([]);
  });

  it("limit applies and too long a query is 400", async () => {
    expect(await q("q=sunny&limit=2")).toHaveLength(2);
    expect((await call(search, `/api/products/search?q=${"a".repeat(101)}`)).status).toBe(400);
  });
});

describe("farms", () => {
  it("featured farms: best rated first, default 3, counts and ≤3 thumbnails", async () => {
    const r = await call(featuredFarms, "/api/farms/featured");
    expect(r.status).toBe(200);
    expect(r.json.map((f: { farmName: string }) => f.farmName)).toEqual([
      "Sunny Acres",
      "Okanagan Orchards",
      "Hillside Creamery",
    ]);
    const s = r.json[0];
    expect(s).toMatchObject({
      id: sunny.farm.id,
      userId: sunny.owner.id,
      farmName: "Sunny Acres",
      location: "1200 Farm Rd, Kelowna, BC",
      distance: 2.35,
      rating: 4.8,
      reviewCount: 12,
      farmImage: "",
      productCount: 3,
    });
    // The three newest products, newest first.
    expect(s.products).toEqual([
      { id: p.tomato.id, name: "Heirloom Tomatoes", image: "" },
      { id: p.kale.id, name: "Lacinato Kale", image: "" },
      { id: p.carrot.id, name: "Rainbow Carrots", image: "" },
    ]);
    // The hidden pie counts neither in productCount nor in thumbnails.
    expect(r.json[1].productCount).toBe(2);
    expect(ids(r.json[1].products)).toEqual([p.cider.id, p.apple.id]);
    expect((await call(featuredFarms, "/api/farms/featured?limit=1")).json).toHaveLength(1);
  });

  it("farm by id, 404 otherwise", async () => {
    const r = await call(farmById, `/api/farms/${hill.farm.id}`, {
      params: { id: String(hill.farm.id) },
    });
    expect(r.status).toBe(200);
    expect(r.json.productCount).toBe(3);
    expect(r.json.products).toHaveLength(3);
    expect((await call(farmById, "/api/farms/424242", { params: { id: "424242" } })).status).toBe(
      404,
    );
  });
});

/** A past order of `quantity` Aged Cheddar ($4.50) from Hillside for the user, written straight to the database. */
async function cheddarOrder(userId: number, quantity: number, status: "completed" | "cancelled") {
  const { id } = await db.order.create({
    data: {
      userId,
      farmId: hill.farm.id,
      status,
      totalCents: 450 * quantity,
      itemCount: quantity,
      checkoutRef: `cheddar-${status}`,
    },
  });
  await db.orderItem.create({
    data: {
      orderId: id,
      productId: p.cheese.id,
      productName: "Aged Cheddar",
      quantity,
      priceCents: 450,
    },
  });
}

/** What the user is recommended: product ids and farm names, each list cut at its limit if given. */
async function recommendationsFor(
  cookie: string,
  limits: { products?: number; farms?: number } = {},
) {
  const query = (limit?: number) => (limit === undefined ? "" : `?limit=${limit}`);
  const products = await call(recommended, `/api/products/recommended${query(limits.products)}`, {
    cookie,
  });
  const farms = await call(recommendedFarms, `/api/farms/recommended${query(limits.farms)}`, {
    cookie,
  });
  expect([products.status, farms.status]).toEqual([200, 200]);
  return {
    products: ids(products.json),
    farms: farms.json.map((x: { farmName: string }) => x.farmName),
  };
}

describe("recommendations", () => {
  it("are 401 when signed out", async () => {
    for (const [h, path] of [
      [recommended, "/api/products/recommended"],
      [recommendedFarms, "/api/farms/recommended"],
    ] as const) {
      const r = await call(h, path);
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ message: "Not signed in", code: "unauthenticated" });
    }
  });

  it("fall back to popular in-stock products and best-rated farms for a new user", async () => {
    const { cookie } = await createUserWithSession();
    expect(await recommendationsFor(cookie, { products: 4 })).toEqual({
      products: [p.eggs.id, p.tomato.id, p.kale.id],
      farms: ["Sunny Acres", "Okanagan Orchards", "Hillside Creamery"],
    });
  });

  it("follow the farms and categories the user orders from", async () => {
    const { user, cookie } = await createUserWithSession();
    await cheddarOrder(user.id, 2, "completed");
    expect(await recommendationsFor(cookie, { products: 3, farms: 2 })).toEqual({
      // Hillside's products (farm + dairy affinity first), then Hillside bakery; popular fills nothing here.
      products: [p.eggs.id, p.cheese.id, p.sourdough.id],
      farms: ["Hillside Creamery", "Sunny Acres"],
    });
  });

  it("ignore cancelled orders and follow the farms the user talks to", async () => {
    const { user, cookie } = await createUserWithSession();
    await cheddarOrder(user.id, 5, "cancelled");
    await db.message.create({
      data: { senderId: user.id, receiverId: orchard.owner.id, content: "Do you have apples?" },
    });
    await db.message.create({
      data: { senderId: orchard.owner.id, receiverId: user.id, content: "Yes!" },
    });
    expect(await recommendationsFor(cookie, { products: 2, farms: 1 })).toEqual({
      // Orchard's in-stock products first (the juice is out of stock), then popular fill.
      products: [p.apple.id, p.eggs.id],
      farms: ["Okanagan Orchards"],
    });
  });

  it("are scoped to the signed-in user: another user's orders change nothing", async () => {
    const a = await createUserWithSession();
    const b = await createUserWithSession();
    await db.message.create({
      data: { senderId: a.user.id, receiverId: hill.owner.id, content: "Hello" },
    });
    const rb = await call(recommendedFarms, "/api/farms/recommended?limit=1", { cookie: b.cookie });
    expect(rb.json[0].farmName).toBe("Sunny Acres");
    const ra = await call(recommendedFarms, "/api/farms/recommended?limit=1", { cookie: a.cookie });
    expect(ra.json[0].farmName).toBe("Hillside Creamery");
  });

  it("follow the category filter", async () => {
    const { cookie } = await createUserWithSession();
    const r = await call(recommended, `/api/products/recommended?categoryId=${veg.id}`, { cookie });
    expect(ids(r.json)).toEqual([p.tomato.id, p.kale.id]);
  });
});
