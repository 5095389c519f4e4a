import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/platform/db";
import * as productsRoute from "@/app/api/my-farm/products/route";
import * as productRoute from "@/app/api/my-farm/products/[id]/route";
import * as farmRoute from "@/app/api/my-farm/route";
import {
  listFarmProducts,
  listFeaturedProducts,
  searchProducts,
  getProduct,
} from "@/lib/server/catalog/products";
import { getFarm } from "@/lib/server/catalog/farms";
import { productSchema, productUpdateSchema, farmProfileSchema } from "@/lib/validators/farm";
import { call } from "../support/http";
import { farmerWithSession, makeCategory } from "./support";

const valid = {
  name: "Purple Snap Peas",
  description: "Sweet pods",
  price: 4.5,
  unit: "lb",
  stock: 12,
  categoryId: null as number | null,
  isFeatured: true,
};

describe("product validation (shared by the form and the handler)", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["name missing", { name: undefined }, "name", "Product name is required"],
    ["name too short", { name: "A" }, "name", "Product name must be at least 2 characters"],
    [
      "name too long",
      { name: "x".repeat(121) },
      "name",
      "Product name must be at most 120 characters",
    ],
    [
      "price zero",
      { price: 0 },
      "price",
      "Enter a price from $0.01 to $10,000 with at most 2 decimals",
    ],
    [
      "price negative",
      { price: -1 },
      "price",
      "Enter a price from $0.01 to $10,000 with at most 2 decimals",
    ],
    [
      "price 3 decimals",
      { price: 1.005 },
      "price",
      "Enter a price from $0.01 to $10,000 with at most 2 decimals",
    ],
    [
      "price 9 decimals",
      { price: 2.009999999 },
      "price",
      "Enter a price from $0.01 to $10,000 with at most 2 decimals",
    ],
    [
      "price as text",
      { price: "4.50" },
      "price",
      "Enter a price from $0.01 to $10,000 with at most 2 decimals",
    ],
    [
      "price too high",
      { price: 10000.01 },
      "price",
      "Enter a price from $0.01 to $10,000 with at most 2 decimals",
    ],
    [
      "price NaN (empty number field)",
      { price: Number.NaN },
      "price",
      "Enter a price from $0.01 to $10,000 with at most 2 decimals",
    ],
    ["stock negative", { stock: -1 }, "stock", "Stock must be a whole number from 0 to 100,000"],
    ["stock fractional", { stock: 1.5 }, "stock", "Stock must be a whole number from 0 to 100,000"],
    [
      "stock too high",
      { stock: 100001 },
      "stock",
      "Stock must be a whole number from 0 to 100,000",
    ],
    ["unit blank", { unit: "  " }, "unit", "Unit is required"],
    ["unit too long", { unit: "x".repeat(31) }, "unit", "Unit must be at most 30 characters"],
    ["category zero", { categoryId: 0 }, "categoryId", "Choose a category"],
    ["featured as text", { isFeatured: "yes" }, "isFeatured", "Featured must be true or false"],
    [
      "description too long",
      { description: "x".repeat(2001) },
      "description",
      "Description must be at most 2000 characters",
    ],
  ];
  it.each(cases)("%s → %s: %s", (_name, patch, field, message) => {
    const r = productSchema.safeParse({ ...valid, ...patch });
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });

  it("accepts a valid product and trims text", () => {
    expect(
      productSchema.parse({ ...valid, name: "  Peas  ", price: 0.01, stock: 0 }),
    ).toMatchObject({ name: "Peas", price: 0.01, stock: 0 });
  });

  it("updates accept any subset, but not nothing", () => {
    expect(productUpdateSchema.safeParse({ isHidden: true }).success).toBe(true);
    expect(productUpdateSchema.safeParse({ stock: -3 }).success).toBe(false);
    expect(productUpdateSchema.safeParse({}).error?.issues[0].message).toBe("Nothing to update");
  });

  it.each([
    [{ farmName: "A" }, "farmName", "Farm name must be at least 2 characters"],
    [{ location: "" }, "location", "Location is required"],
    [{ location: "K" }, "location", "Location must be at least 2 characters"],
    [
      { description: "x".repeat(2001) },
      "description",
      "Description must be at most 2000 characters",
    ],
  ])("farm profile %j → %s", (patch, field, message) => {
    const r = farmProfileSchema.safeParse({
      farmName: "Sunny Acres",
      description: "",
      location: "Kelowna",
      ...patch,
    });
    expect(r.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

describe("products through the API", () => {
  let me: Awaited<ReturnType<typeof farmerWithSession>>;
  let veg: { id: number };
  beforeAll(async () => {
    me = await farmerWithSession({ farmName: "Peapod Farm" });
    veg = await makeCategory("Vegetables");
  });

  it("400 with field errors for a bad payload, nothing stored", async () => {
    const res = await call(productsRoute.POST, "/api/my-farm/products", {
      body: { ...valid, price: -2, stock: -1 },
      cookie: me.cookie,
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      price: expect.any(String),
      stock: "Stock must be a whole number from 0 to 100,000",
    });
    expect(await db.product.count({ where: { farmId: me.farm.id } })).toBe(0);
  });

  it("400 for a category that does not exist", async () => {
    const res = await call(productsRoute.POST, "/api/my-farm/products", {
      body: { ...valid, categoryId: 999999 },
      cookie: me.cookie,
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ categoryId: "Choose a category" });
  });

  it("creates, edits, hides and unhides a product; the catalog follows", async () => {
    const created = await call(productsRoute.POST, "/api/my-farm/products", {
      body: { ...valid, categoryId: veg.id, price: 4.35 },
      cookie: me.cookie,
    });
    expect(created.status).toBe(201);
    const id: number = created.json.id;
    expect(created.json).toMatchObject({
      name: "Purple Snap Peas",
      price: 4.35,
      unit: "lb",
      stock: 12,
      inStock: true,
      isFeatured: true,
      isHidden: false,
      categoryId: veg.id,
    });
    const row = await db.product.findUniqueOrThrow({ where: { id } });
    expect([row.priceCents, row.farmId]).toEqual([435, me.farm.id]);

    // Visible in the public catalog: featured list, search, farm page, product page.
    expect((await listFeaturedProducts({ limit: 50 })).map((p) => p.id)).toContain(id);
    expect((await searchProducts({ q: "snap peas", limit: 20 })).map((p) => p.id)).toContain(id);
    expect((await listFarmProducts(me.farm.id)).map((p) => p.id)).toContain(id);
    expect((await getFarm(me.farm.id)).productCount).toBe(1);

    const edited = await call(productRoute.PATCH, `/api/my-farm/products/${id}`, {
      method: "PATCH",
      body: { name: "Sugar Snap Peas", price: 5.99, unit: "pint", stock: 0, isFeatured: false },
      cookie: me.cookie,
      params: { id: String(id) },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      name: "Sugar Snap Peas",
      price: 5.99,
      unit: "pint",
      stock: 0,
      inStock: false,
      isFeatured: false,
    });
    expect((await db.product.findUniqueOrThrow({ where: { id } })).priceCents).toBe(599);
    expect((await getProduct(id)).inStock).toBe(false);

    const hidden = await call(productRoute.PATCH, `/api/my-farm/products/${id}`, {
      method: "PATCH",
      body: { isHidden: true, isFeatured: true, stock: 3 },
      cookie: me.cookie,
      params: { id: String(id) },
    });
    expect(hidden.json).toMatchObject({ isHidden: true, inStock: true, stock: 3 });
    expect((await listFeaturedProducts({ limit: 50 })).map((p) => p.id)).not.toContain(id);
    expect((await searchProducts({ q: "sugar snap", limit: 20 })).map((p) => p.id)).not.toContain(
      id,
    );
    expect(
      (await searchProducts({ q: "", categoryId: veg.id, limit: 20 })).map((p) => p.id),
    ).not.toContain(id);
    expect((await listFarmProducts(me.farm.id)).map((p) => p.id)).not.toContain(id);
    await expect(getProduct(id)).rejects.toMatchObject({ status: 404 });

    // The owner still lists it (hidden included).
    const mine = await call(productsRoute.GET, "/api/my-farm/products", { cookie: me.cookie });
    expect(mine.json.map((p: { id: number; isHidden: boolean }) => [p.id, p.isHidden])).toEqual([
      [id, true],
    ]);

    await call(productRoute.PATCH, `/api/my-farm/products/${id}`, {
      method: "PATCH",
      body: { isHidden: false },
      cookie: me.cookie,
      params: { id: String(id) },
    });
    expect((await searchProducts({ q: "sugar snap", limit: 20 })).map((p) => p.id)).toContain(id);
    expect((await listFeaturedProducts({ limit: 50 })).map((p) => p.id)).toContain(id);
  });

  it("stock can never be set negative, and an unknown field is ignored rather than written", async () => {
    const created = await call(productsRoute.POST, "/api/my-farm/products", {
      body: { ...valid, name: "Beets" },
      cookie: me.cookie,
    });
    const id = String(created.json.id);
    const neg = await call(productRoute.PATCH, `/api/my-farm/products/${id}`, {
      method: "PATCH",
      body: { stock: -5 },
      cookie: me.cookie,
      params: { id },
    });
    expect(neg.status).toBe(400);
    const sneaky = await call(productRoute.PATCH, `/api/my-farm/products/${id}`, {
      method: "PATCH",
      body: { stock: 4, farmId: 1, isPopular: true, priceCents: 1 },
      cookie: me.cookie,
      params: { id },
    });
    expect(sneaky.status).toBe(200);
    const row = await db.product.findUniqueOrThrow({ where: { id: Number(id) } });
    expect([row.stock, row.farmId, row.isPopular, row.priceCents]).toEqual([
      4,
      me.farm.id,
      false,
      450,
    ]);
  });

  it("edits the farm profile; the public farm and the owner's address follow", async () => {
    const res = await call(farmRoute.PATCH, "/api/my-farm", {
      method: "PATCH",
      body: {
        farmName: "Peapod & Daughters",
        description: "Third-generation pea growers.",
        location: "4100 Lakeshore Rd, Kelowna, BC",
      },
      cookie: me.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      farmName: "Peapod & Daughters",
      location: "4100 Lakeshore Rd, Kelowna, BC",
    });
    expect(await getFarm(me.farm.id)).toMatchObject({
      farmName: "Peapod & Daughters",
      description: "Third-generation pea growers.",
      location: "4100 Lakeshore Rd, Kelowna, BC",
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: me.owner.id } })).address).toBe(
      "4100 Lakeshore Rd, Kelowna, BC",
    );
  });
});
