/**
 * One typed hook per resource (lib/client/resources.ts): keys are the contracts' paths, and
 * components read through the hooks instead of spelling `useSWR("/api/…")` themselves.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endpoints } from "@/lib/contracts";
import {
  ADDRESSES_KEY,
  apiKey,
  FARM_TODAY_KEY,
  INCOMING_ORDERS_KEY,
  INVOICES_KEY,
  orderKey,
  packListKey,
  STANDING_ORDERS_KEY,
  WALLET_KEY,
  WEEKLY_SALES_KEY,
} from "@/lib/client/resources";
import { isOfflineApi, offlineReadsOf } from "@/lib/client/offline/routes";

describe("resource keys come from the contracts", () => {
  it("fills a contract path's parameters", () => {
    expect(apiKey("/api/farms/{id}/fulfilment", { id: 7 })).toBe("/api/farms/7/fulfilment");
    expect(orderKey(42)).toBe("/api/orders/42");
    expect(apiKey("/api/messages/{userId}", { userId: "a b" })).toBe("/api/messages/a%20b");
  });

  it.each([WALLET_KEY, ADDRESSES_KEY, INVOICES_KEY, STANDING_ORDERS_KEY])(
    "%s is a GET endpoint of the contracts",
    (key) => {
      expect(endpoints.some((e) => e.method === "GET" && e.path === key)).toBe(true);
    },
  );
});

describe("the farm's offline pages keep the reads their screens make", () => {
  it.each([
    ["/my-farm", "", [FARM_TODAY_KEY]],
    ["/my-farm/orders", "", [INCOMING_ORDERS_KEY, WEEKLY_SALES_KEY]],
    ["/my-farm/pack-list", "", [packListKey(null)]],
    ["/my-farm/pack-list", "?date=2026-12-05", [packListKey("2026-12-05")]],
    ["/my-farm/pack-list", "?date=tomorrow", [packListKey(null)]],
    // The shape of a day that is not one: the screen asks for the next day, so that is kept.
    ["/my-farm/pack-list", "?date=2026-13-45", [packListKey(null)]],
  ])("%s%s reads %j", (pathname, search, keys) => {
    expect(offlineReadsOf(pathname, search)).toEqual(keys);
    for (const key of keys) expect(isOfflineApi(new URL(key, "http://x").pathname)).toBe(true);
  });
});

const root = path.resolve(import.meta.dirname, "../..");
const components = readdirSync(path.join(root, "components"), {
  withFileTypes: true,
  recursive: true,
})
  .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
  .map((e) => path.relative(root, path.join(e.parentPath, e.name)));

describe("components read resources through their typed hooks", () => {
  it('no component calls useSWR with an "/api/…" path of its own', () => {
    const found = components.flatMap((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      return /useSWR(<[^>]*>)?\(\s*[^,)]*["'`]\/api\//.test(text) ? [file] : [];
    });
    expect(found).toEqual([]);
  });

  it("no component mutates the wallet, address or order keys by a spelled-out path", () => {
    const found = components.flatMap((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      return /mutate\(\s*["'`]\/api\/(wallet|addresses|orders\/)/.test(text) ? [file] : [];
    });
    expect(found).toEqual([]);
  });
});
