import { describe, expect, it } from "vitest";
import {
  joinPages,
  nextFromLink,
  pageKeys,
  seedVersion,
  withCursor,
  type ClientPage,
} from "@/lib/client/paged";

describe("nextFromLink / withCursor", () => {
  it.each([
    [null, null],
    ["", null],
    [
      '</api/orders?status=active&cursor=1700000000000.7>; rel="next"',
      "/api/orders?status=active&cursor=1700000000000.7",
    ],
    ['</api/transactions?cursor=5>;rel="next"', "/api/transactions?cursor=5"],
    ['</api/transactions?cursor=5>; rel="prev"', null],
  ])("Link %j → %j", (link, next) => {
    expect(nextFromLink(link)).toBe(next);
  });

  it("adds the cursor with ? or &, encoded, and no URL without a cursor", () => {
    expect(withCursor("/api/transactions", "1.2")).toBe("/api/transactions?cursor=1.2");
    expect(withCursor("/api/orders?status=active", "a b")).toBe(
      "/api/orders?status=active&cursor=a%20b",
    );
    expect(withCursor("/api/transactions", null)).toBeNull();
  });
});

describe("pageKeys", () => {
  const page = (next: string | null): ClientPage<number> => ({ items: [1], next });

  it("starts at the first URL and follows each page's next, all under one version", () => {
    const key = pageKeys("/api/transactions", 3);
    expect(key(0, null)).toEqual(["/api/transactions", 3]);
    expect(key(1, page("/api/transactions?cursor=9"))).toEqual(["/api/transactions?cursor=9", 3]);
  });

  it("stops after the last page, and has no key without a first URL", () => {
    expect(pageKeys("/api/transactions", 0)(1, page(null))).toBeNull();
    expect(pageKeys(null, 0)(0, null)).toBeNull();
  });
});

describe("seedVersion", () => {
  it("is 0 without a server page, one number per props object, a new one for a new render", () => {
    const a = { items: [], nextCursor: null };
    const b = { items: [], nextCursor: null };
    expect(seedVersion(undefined)).toBe(0);
    expect(seedVersion(null)).toBe(0);
    expect(seedVersion(a)).toBeGreaterThan(0);
    expect(seedVersion(a)).toBe(seedVersion(a));
    expect(seedVersion(b)).not.toBe(seedVersion(a));
  });
});

describe("joinPages", () => {
  it("is null before the first page", () => {
    expect(joinPages(undefined)).toBeNull();
    expect(joinPages([])).toBeNull();
  });

  it("joins the rows in order, keeps the last page's next and leaves out removed rows", () => {
    const pages = [
      { items: [1, 2], next: "/p2" },
      { items: [3, 4], next: "/p3" },
    ];
    expect(joinPages(pages)).toEqual({ items: [1, 2, 3, 4], next: "/p3" });
    expect(joinPages(pages, [(n) => n !== 2, (n) => n !== 4])).toEqual({
      items: [1, 3],
      next: "/p3",
    });
  });
});
