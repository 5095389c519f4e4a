import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { auditPage } from "./a11y";
import {
  approveBusinessByApi,
  createProductByApi,
  inviteFarmByApi,
  orderByApi,
  registerFresh,
  secondContext,
  signIn,
  STAFF,
  topUpByApi,
} from "./support";

/**
 * No page is wider than the screen (390 px on the phone, 1280 px on the laptop) and axe finds
 * nothing, on every signed-in page and every tab of it, with the longest names people really
 * have: a farm, a product and a buyer whose names fill a line, with orders in every state, a chat,
 * a standing order and a business account. Every page under app/(app) is visited by one of the
 * roles below (the first test fails when a new page is not).
 */
const LONG_FARM = "Okanagan Lakeshore Heritage Orchards and Cidery Cooperative";
const LONG_PRODUCT = "Heirloom Organic Salad Greens with Edible Flowers and Microgreens";
const LONG_COMPANY = "Bench Bistro and Wood-Fired Kitchen at the Old Cannery Wharf";

/** Pages another spec audits because they need what only it makes (a signed email link). */
const AUDITED_ELSEWHERE: Record<string, string> = {
  "/fresh-sheet-link/[token]/add": "e2e/fresh-sheet-email.spec.ts opens it from the email's link",
  "/shares": "e2e/shares.spec.ts audits it at both widths with a member's box in it",
  "/my-farm/shares": "e2e/shares.spec.ts audits it at both widths, empty and with a published box",
};

type World = {
  farmId: number;
  farmerUserId: number;
  productId: number;
  shopper: Page;
  restaurant: Page;
  farmer: Page;
  staff: Page;
  close: () => Promise<void>;
};

/** A long-named farm with a case-priced product; a shopper with an active, a completed and a cancelled order there and a chat; a restaurant with a standing order there. */
async function longNamedWorld(browser: Browser, testInfo: TestInfo): Promise<World> {
  const contexts = await Promise.all([0, 1, 2, 3].map(() => secondContext(browser, testInfo)));
  const [shopper, restaurant, farmer, staff] = contexts.map((c) => c.page);
  await signIn(staff, STAFF.email, STAFF.password);
  const farmId = await inviteFarmByApi(staff, farmer, LONG_FARM);
  const farmerUserId = ((await (await farmer.request.get("/api/user")).json()) as { id: number })
    .id;
  const productId = await createProductByApi(farmer, LONG_PRODUCT, 5.94, {
    unit: "250 g bag",
    stock: 500,
    caseSize: 6,
  });

  await registerFresh(shopper, "wide", "Maximiliana Alexandra Montgomery-Fitzgerald-Okonkwo");
  await topUpByApi(shopper, 500);
  const ids = [];
  for (let i = 0; i < 3; i++) {
    const placed = await orderByApi(shopper, farmId, [{ productId, quantity: 2 + i }]);
    ids.push(placed.orders[0].id);
  }
  const done = await farmer.request.post(`/api/my-farm/orders/${ids[1]}/complete`);
  expect(done.status(), await done.text()).toBe(200);
  const cancelled = await shopper.request.post(`/api/orders/${ids[2]}/cancel`);
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const sent = await shopper.request.post("/api/messages", {
    data: { receiverId: farmerUserId, content: `Is the ${LONG_PRODUCT} picked this morning?` },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // The restaurant: approved, then a standing order at the farm's one pickup window.
  await registerFresh(restaurant, "widebiz", "Bartholomew Montgomery-Fitzgerald-Okonkwo");
  await approveBusinessByApi(restaurant, staff, LONG_COMPANY);
  const settings = await farmer.request.put("/api/my-farm/fulfilment", {
    data: {
      timeZone: "America/Vancouver",
      minimumOrder: 0,
      pickupPoints: [{ name: "Cidery tasting room", address: "1 Long Lane, Oliver, BC" }],
      deliveryZones: [],
      windows: [
        {
          kind: "pickup",
          weekday: 6,
          start: "09:00",
          end: "13:00",
          cutoffHours: 24,
          pickupPointIndex: 0,
        },
      ],
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const point = ((await settings.json()) as { pickupPoints: { id: number }[] }).pickupPoints[0];
  const standing = await restaurant.request.post("/api/standing-orders", {
    data: {
      farmId,
      items: [{ productId, quantity: 12 }],
      weekday: 6,
      kind: "pickup",
      pickupPointId: point.id,
    },
  });
  expect(standing.status(), await standing.text()).toBe(201);
  await topUpByApi(restaurant, 500);
  await orderByApi(restaurant, farmId, [{ productId, quantity: 6 }]);
  return {
    farmId,
    farmerUserId,
    productId,
    shopper,
    restaurant,
    farmer,
    staff,
    close: async () => {
      await Promise.all(contexts.map((c) => c.context.close()));
    },
  };
}

/** Each page as the role that uses it; `{farm}`, `{product}`, `{farmer}` are the world's ids. */
const PAGES = {
  shopper: [
    "/home",
    "/home/recommended",
    "/home/harvest",
    "/home/popular",
    "/home/farms",
    "/search?q=Heirloom Organic Salad",
    "/products/{product}",
    "/farms/{farm}",
    "/farms/{farm}/fresh-sheet",
    "/messages",
    "/messages/new",
    "/messages/{farmer}",
    "/orders",
    "/wallet",
    "/profile",
    "/profile/address",
    "/profile/business",
    "/profile/notifications",
    "/profile/security",
    "/checkout",
  ],
  restaurant: [
    "/home",
    "/orders",
    "/standing-orders",
    "/invoices",
    "/my-hub",
    "/products/{product}",
    "/farms/{farm}/fresh-sheet",
  ],
  farmer: [
    "/my-farm",
    "/my-farm/orders",
    "/my-farm/welcome",
    "/my-farm/pack-list",
    "/my-farm/products",
    "/my-farm/products/{product}",
    "/my-farm/products/new",
    "/my-farm/customers",
    "/my-farm/hubs",
    "/my-farm/payouts",
    "/my-farm/reports",
    "/my-farm/profile",
    "/my-farm/fulfilment",
    "/messages",
  ],
  staff: [
    "/ops",
    "/ops/business",
    "/ops/farms",
    "/ops/people",
    "/ops/payouts",
    "/ops/outboxes",
    "/ops/waitlist",
    "/ops/audit",
  ],
} as const;

/** app/(app)/**\/page.tsx as routes: "/farms/[id]/fresh-sheet". */
function appRoutes(): string[] {
  const root = path.resolve("app/(app)");
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const p = path.join(dir, d.name);
      if (d.isDirectory()) return walk(p);
      return d.name === "page.tsx" ? [path.relative(root, dir)] : [];
    });
  return walk(root).map((r) => `/${r.split(path.sep).join("/")}`.replace(/\/$/, "") || "/");
}

const asRoute = (p: string) =>
  p
    .split("?")[0]
    .replace(/\{\w+\}/g, "[id]")
    .replace(/^\/home\/(recommended|harvest|popular|farms)$/, "/home/[section]");

test("every page under app/(app) is in this spec's lists (or audited by the spec that can reach it)", () => {
  const visited = new Set(Object.values(PAGES).flatMap((list) => list.map(asRoute)));
  const missing = appRoutes().filter((r) => !visited.has(r) && !(r in AUDITED_ELSEWHERE));
  expect(missing).toEqual([]);
});

/** The page, then each of its tabs in turn: no overflow, nothing for axe. */
async function auditWithTabs(page: Page, label: string) {
  await auditPage(page, label);
  const tabs = page.getByRole("tablist").first().getByRole("tab");
  for (let i = 0; i < (await tabs.count()); i++) {
    const tab = tabs.nth(i);
    const name = (await tab.textContent())?.trim();
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
    await auditPage(page, `${label}, tab ${name}`);
  }
}

for (const role of Object.keys(PAGES) as (keyof typeof PAGES)[]) {
  test(`as a ${role} with long names: every page and tab fits the screen and passes axe`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(300_000);
    const world = await longNamedWorld(browser, testInfo);
    const page = world[role];
    // The checkout has something to show: the long-named product in the cart.
    if (role === "shopper") {
      await page.goto(`/products/${world.productId}`);
      await page
        .getByTestId("buy-box")
        .getByRole("button", { name: /Add to Cart/i })
        .click();
    }
    for (const p of PAGES[role]) {
      const url = p
        .replace("{farm}", String(world.farmId))
        .replace("{product}", String(world.productId))
        .replace("{farmer}", String(world.farmerUserId));
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
      // The pay button turns from disabled to enabled when the pickup times arrive; axe must not
      // read its colour half-way through that change.
      if (url === "/checkout") {
        await expect(page.getByTestId("checkout-pay")).not.toHaveText(/Loading pickup times/);
      }
      await auditWithTabs(page, `${role} ${url}`);
    }
    await world.close();
  });
}
