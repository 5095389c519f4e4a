import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as featuredRoute from "@/app/api/products/featured/route";
import * as searchRoute from "@/app/api/products/search/route";
import * as productRoute from "@/app/api/my-farm/products/[id]/route";
import { resetEnvCache } from "@/lib/server/platform/env";
import { hearing } from "@/lib/server/platform/notify";
import {
  CATALOG_CACHE_MAX_ENTRIES,
  CATALOG_CHANNEL,
  catalogCacheEpoch,
  catalogCacheSize,
} from "@/lib/server/catalog/cache";
import { searchProducts } from "@/lib/server/catalog/products";
import { closeListener } from "@/lib/server/platform/notify";
import { call } from "../support/http";
import { createProduct } from "../support/factories";
import { onPostgres } from "../support/pg";
import { farmerWithSession } from "../farm/support";

/**
 * Shared catalog lists are cached per instance and a farm's edit shows at once: the editing
 * instance drops its lists itself, and database triggers announce every change (whoever made it)
 * over LISTEN/NOTIFY to the others. PostgreSQL only: on PGlite there is no cache.
 */
describe.skipIf(!onPostgres)("catalog cache (PostgreSQL only: PGlite has no cache)", () => {
  let admin: pg.Client;
  // Hears what the app's instance hears: PostgreSQL hands a notification to every listener at commit.
  let watcher: pg.Client;
  const heard: string[] = [];

  beforeAll(async () => {
    process.env.CATALOG_CACHE_SECONDS = "300";
    resetEnvCache();
    await call(featuredRoute.GET, "/api/products/featured?limit=50"); // starts listening
    await vi.waitFor(() => expect(hearing(CATALOG_CHANNEL)).toBe(true), {
      timeout: 30_000,
      interval: 20,
    });
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await watcher.connect();
    watcher.on("notification", (n) => heard.push(`${n.channel}:${n.payload}`));
    await watcher.query(`LISTEN ${CATALOG_CHANNEL}`);
  });

  afterAll(async () => {
    await admin?.end();
    await watcher?.end();
    await closeListener();
    delete process.env.CATALOG_CACHE_SECONDS;
    resetEnvCache();
  });

  /** Waits until this instance has heard a Product change and dropped what it cached before `epoch`. */
  const announced = async (epoch: number) => {
    await vi.waitFor(() => expect(heard).toContain("ff_catalog:Product"), {
      timeout: 10_000,
      interval: 5,
    });
    await vi.waitFor(() => expect(catalogCacheEpoch()).toBeGreaterThan(epoch), {
      timeout: 10_000,
      interval: 5,
    });
  };

  /** The farm edits its product through PATCH /api/my-farm/products/{id}, as My Farm does. */
  const patchProduct = (cookie: string, id: number, body: Record<string, unknown>) =>
    call(productRoute.PATCH, `/api/my-farm/products/${id}`, {
      method: "PATCH",
      cookie,
      params: { id: String(id) },
      body,
    });

  const featuredNames = async () =>
    (
      (await call(featuredRoute.GET, "/api/products/featured?limit=50")).json as {
        id: number;
        name: string;
      }[]
    ).map((p) => p.name);

  it("serves the list from memory, and a farm's edit through the API shows on the very next read", async () => {
    const me = await farmerWithSession();
    heard.length = 0;
    const epoch = catalogCacheEpoch();
    const product = await createProduct(me.farm.id, { name: "Cached Carrots", isFeatured: true });
    // The insert's own announcement has reached this instance (not only another listener) before
    // the list is read and cached: a late one would drop the list and the check below would not
    // prove that it is cached.
    await announced(epoch);
    expect(await featuredNames()).toContain("Cached Carrots");

    // Behind the app's back and with the triggers off: the cached list does not see it (proof that it is cached).
    await admin.query("BEGIN");
    await admin.query("SET LOCAL session_replication_role = replica");
    await admin.query(`UPDATE "Product" SET name = 'Silent Rename' WHERE id = $1`, [product.id]);
    await admin.query("COMMIT");
    expect(await featuredNames()).toContain("Cached Carrots");

    const res = await patchProduct(me.cookie, product.id, { name: "Purple Carrots" });
    expect(res.status, res.text).toBe(200);
    const names = await featuredNames();
    expect(names).toContain("Purple Carrots");
    expect(names).not.toContain("Cached Carrots");

    const hide = await patchProduct(me.cookie, product.id, { isHidden: true });
    expect(hide.status).toBe(200);
    expect(await featuredNames()).not.toContain("Purple Carrots");
  });

  it("search results are cached too, and a farm's edit shows in them on the very next search", async () => {
    const me = await farmerWithSession();
    heard.length = 0;
    const epoch = catalogCacheEpoch();
    const product = await createProduct(me.farm.id, { name: "Zanzibar Zucchini" });
    // As above: the insert's announcement has reached this instance before the search is cached.
    await announced(epoch);
    const found = async (q: string) =>
      (
        (await call(searchRoute.GET, `/api/products/search?q=${encodeURIComponent(q)}`)).json as {
          id: number;
          name: string;
        }[]
      )
        .filter((p) => p.id === product.id)
        .map((p) => p.name);
    await vi.waitFor(async () => expect(await found("zanzibar")).toEqual(["Zanzibar Zucchini"]), {
      timeout: 10_000,
      interval: 20,
    });
    // Behind the app's back, triggers off: the cached answer stays (proof that it is cached), and
    // the same words in other letter case are the same search.
    await admin.query("BEGIN");
    await admin.query("SET LOCAL session_replication_role = replica");
    await admin.query(`UPDATE "Product" SET name = 'Zanzibar Quietly' WHERE id = $1`, [product.id]);
    await admin.query("COMMIT");
    expect(await found("zanzibar")).toEqual(["Zanzibar Zucchini"]);
    expect(await found("  ZANZIBAR ")).toEqual(["Zanzibar Zucchini"]);

    const res = await patchProduct(me.cookie, product.id, { name: "Zanzibar Squash" });
    expect(res.status, res.text).toBe(200);
    expect(await found("zanzibar")).toEqual(["Zanzibar Squash"]);
  });

  it("keeps at most CATALOG_CACHE_MAX_ENTRIES reads, however many different searches come in", async () => {
    // Again if a late announcement of an earlier test emptied the cache meanwhile.
    let epoch: number;
    do {
      epoch = catalogCacheEpoch();
      for (let i = 0; i < CATALOG_CACHE_MAX_ENTRIES + 50; i++) {
        await searchProducts({ q: `nothing-like-this-${i}`, limit: 5 });
        expect(catalogCacheSize()).toBeLessThanOrEqual(CATALOG_CACHE_MAX_ENTRIES);
      }
    } while (catalogCacheEpoch() !== epoch);
    expect(catalogCacheSize()).toBe(CATALOG_CACHE_MAX_ENTRIES);
    // The newest are the ones kept: the last search is answered from memory (the same promise).
    const again = [
      searchProducts({ q: `nothing-like-this-${CATALOG_CACHE_MAX_ENTRIES + 49}`, limit: 5 }),
      searchProducts({ q: `nothing-like-this-${CATALOG_CACHE_MAX_ENTRIES + 49}`, limit: 5 }),
    ];
    expect(again[0]).toBe(again[1]);
  });

  it("a change made elsewhere (another instance, psql) is heard and drops the cached lists", async () => {
    const me = await farmerWithSession();
    const product = await createProduct(me.farm.id, { name: "Heard Beets", isFeatured: true });
    await vi.waitFor(async () => expect(await featuredNames()).toContain("Heard Beets"), {
      timeout: 10_000,
      interval: 20,
    });
    await admin.query(`UPDATE "Product" SET name = 'Golden Beets' WHERE id = $1`, [product.id]);
    await vi.waitFor(async () => expect(await featuredNames()).toContain("Golden Beets"), {
      timeout: 10_000,
      interval: 20,
    });
  });

  it("a checkout's stock decrement alone is not announced; running out of stock is", async () => {
    const me = await farmerWithSession();
    const product = await createProduct(me.farm.id, {
      name: "Stocky Squash",
      isFeatured: true,
      stock: 5,
    });
    const seen: string[] = [];
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    listener.on("notification", (n) => seen.push(`${n.channel}:${n.payload}`));
    await listener.query(`LISTEN ${CATALOG_CHANNEL}`);
    await admin.query(`UPDATE "Product" SET stock = stock - 1, "updatedAt" = now() WHERE id = $1`, [
      product.id,
    ]);
    await admin.query(`UPDATE "Product" SET stock = 0, "inStock" = false WHERE id = $1`, [
      product.id,
    ]);
    await vi.waitFor(() => expect(seen).toEqual(["ff_catalog:Product"]), {
      timeout: 10_000,
      interval: 20,
    });
    await listener.end();
  });
});
