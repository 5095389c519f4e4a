import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { Secret, TOTP } from "otpauth";

export const DEMO = {
  email: "demo@fieldfare.app",
  username: "demo",
  password: "harvest-demo-2026",
  fullName: "Jordan Rivera",
};

let n = 0;
/** A unique, valid registration for a brand-new user. */
export function newAccount(tag = "e2e") {
  const id = `${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    fullName: `Casey Orchard ${id}`,
    email: `${tag}-${id}@example.test`,
    username: `${tag}_${id}`,
    password: `sunny-field-${id}`,
  };
}

/**
 * Seeded farm accounts (prisma/seed-data/catalog.ts). Anyone may write to a farm, while a chat
 * between two shoppers needs an order or an earlier conversation first, so specs that need a
 * second chat party sign in as one of these — a different one per spec and project, so that
 * concurrent runs never share a farm's unread counts.
 */
/** The signed-in app's pages any buyer has (routes.spec checks each redirects when signed out; html.spec validates them). */
export const BUYER_PAGES = [
  "/home",
  "/home/recommended",
  "/home/harvest",
  "/home/popular",
  "/home/farms",
  "/messages",
  "/messages/new",
  "/orders",
  "/wallet",
  "/profile",
  "/profile/address",
  "/profile/business",
  "/profile/notifications",
  "/checkout",
];

export const FARM_PASSWORD = "harvest-farm-2026";
export const SEEDED_FARMERS = {
  evelyn: {
    email: "evelyn.brooks@farms.fieldfare.app",
    fullName: "Evelyn Brooks",
    location: "11250 Bottom Wood Lake Rd, Lake Country, BC V4V 1S8",
  },
  tom: {
    email: "tom.reinholt@farms.fieldfare.app",
    fullName: "Tom Reinholt",
    location: "4395 Lakeshore Rd, Kelowna, BC V1W 1X5",
  },
  priya: {
    email: "priya.sandhu@farms.fieldfare.app",
    fullName: "Priya Sandhu",
    location: "455 Hollywood Rd S, Kelowna, BC V1X 3T1",
  },
  hannah: {
    email: "hannah.lindqvist@farms.fieldfare.app",
    fullName: "Hannah Lindqvist",
    location: "13211 Prairie Valley Rd, Summerland, BC V0H 1Z4",
  },
  luis: {
    email: "luis.moreno@farms.fieldfare.app",
    fullName: "Luis Moreno",
    location: "5870 Trepanier Bench Rd, Peachland, BC V0H 1X2",
  },
  kenji: { email: "kenji.watanabe@farms.fieldfare.app", fullName: "Kenji Watanabe" },
  sophie: { email: "sophie.tremblay@farms.fieldfare.app", fullName: "Sophie Tremblay" },
  claire: { email: "claire.dubois@farms.fieldfare.app", fullName: "Claire Dubois" },
  robert: { email: "robert.ashford@farms.fieldfare.app", fullName: "Robert Ashford" },
  marcus: { email: "marcus.feld@farms.fieldfare.app", fullName: "Marcus Feld" },
  aaron: { email: "aaron.whitfield@farms.fieldfare.app", fullName: "Aaron Whitfield" },
  margaret: { email: "margaret.chen@farms.fieldfare.app", fullName: "Margaret Chen" },
  /** Glenmore Valley Greens: Saturday pickups, and credit for Bench Bistro. */
  daniel: { email: "daniel.okafor@farms.fieldfare.app", fullName: "Daniel Okafor" },
} as const;

/** The farm account the page audits sign in as (routes and HTML specs). */
export const FARMER = { ...SEEDED_FARMERS.margaret, password: FARM_PASSWORD };

/** Seeded restaurant accounts (prisma/seed-data/catalog.ts); they sign in with FARM_PASSWORD too. */
export const SEEDED_RESTAURANTS = {
  /** Bench Bistro. */
  olivia: { email: "olivia.martin@restaurants.fieldfare.app", fullName: "Olivia Martin" },
  james: { email: "james.porter@restaurants.fieldfare.app", fullName: "James Porter" },
} as const;

/** The seeded staff account (docs/operations.md, "Ops console"). */
export const STAFF = { email: "ops@fieldfare.app", password: "harvest-ops-2026" };

/**
 * A farm of the test's own: staff (signed in on `staff`) invite a farmer through the API, and the
 * farmer uses the one-time link on `farmer`, which is left signed in as them. Answers the farm's id.
 */
export async function inviteFarmByApi(
  staff: Page,
  farmer: Page,
  farmName: string,
  location = "Oliver, BC",
  email = `${newAccount("farm").username}@example.test`,
): Promise<number> {
  const invited = await staff.request.post("/api/ops/farms", {
    data: { email, farmName, location },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { farm, signInUrl } = (await invited.json()) as {
    farm: { id: number };
    signInUrl: string;
  };
  const token = new URL(signInUrl).searchParams.get("token")!;
  const claimed = await farmer.request.post("/api/my-farm/claim", {
    form: { token },
    maxRedirects: 0,
  });
  expect(claimed.status(), await claimed.text()).toBe(303);
  return farm.id;
}

/**
 * The signed-in farmer's farm sells at one pickup: a Saturday market stall, 8 am to 1 pm, orders
 * closing 40 hours before (the farm's zone, America/Vancouver, no minimum order).
 */
export async function openSaturdayStall(farmer: Page) {
  const res = await farmer.request.put("/api/my-farm/fulfilment", {
    data: {
      timeZone: "America/Vancouver",
      minimumOrder: 0,
      pickupPoints: [{ name: "Saturday market stall", address: "1876 Cooper Rd, Kelowna" }],
      deliveryZones: [],
      windows: [
        {
          kind: "pickup",
          weekday: 6,
          start: "08:00",
          end: "13:00",
          cutoffHours: 40,
          pickupPointIndex: 0,
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Staff of the test's own, signed in on `page` with two-step sign-in on (money actions refuse
 * staff without it, docs/accounts.md): registered, made staff by `npm run staff:grant`, two-step
 * turned on through the API. `totp` computes its codes; the current step's is spent already.
 */
export async function newStaffWithTwoStep(page: Page, fullName: string) {
  const a = await registerFresh(page, "staff", fullName);
  await runScript("scripts/staff-grant.ts", "--", a.email);
  const setup = (await (await page.request.post("/api/two-step/setup")).json()) as {
    secret: string;
  };
  const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), period: 30 });
  const on = await page.request.post("/api/two-step", { data: { code: totp.generate() } });
  expect(on.status(), await on.text()).toBe(200);
  return { ...a, totp };
}

/** The signed-in buyer applies for a business account and staff (on `staff`) approve it. */
export async function approveBusinessByApi(buyer: Page, staff: Page, companyName: string) {
  const applied = await buyer.request.post("/api/business-account", {
    data: {
      companyName,
      businessNumber: "812345670",
      address: "1875 Pandosy St, Kelowna, BC",
      postalCode: "V1Y 1R3",
    },
  });
  expect(applied.status(), await applied.text()).toBe(202);
  const me = (await (await buyer.request.get("/api/user")).json()) as { id: number };
  const decided = await staff.request.post(`/api/ops/business-accounts/${me.id}/decision`, {
    data: { decision: "approve" },
  });
  expect(decided.status(), await decided.text()).toBe(200);
}

/** Signs in through the real API; the browser context gets the session cookie. */
export async function signIn(page: Page, username = DEMO.email, password = DEMO.password) {
  const res = await page.request.post("/api/login", { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Signs in a seeded farm or restaurant account: they all share FARM_PASSWORD. */
export function signInSeeded(page: Page, account: { email: string }) {
  return signIn(page, account.email, FARM_PASSWORD);
}

/**
 * Scrolls /home's sections into view one after another, as a shopper reading down the page does,
 * and waits until none shows its skeleton: every section below the first fetches its cards only
 * when it comes near the viewport (components/catalog/home-sections.tsx). Leaves the page scrolled
 * to the last section.
 */
export async function showHomeSections(page: Page) {
  for (const id of [
    "recommended",
    "farms-you-might-like",
    "harvest",
    "featured-farmers",
    "popular",
  ]) {
    const section = page.getByTestId(`section-${id}`);
    if ((await section.count()) === 0) continue;
    // Retried as a whole: a section found a moment ago may be rendered anew (a ?category= in the
    // URL filters the product sections once the browser has read it).
    await expect(async () => {
      await section.scrollIntoViewIfNeeded({ timeout: 2_000 });
      await expect(section.getByTestId(/^(product|farm)-skeleton$/)).toHaveCount(0, {
        timeout: 5_000,
      });
    }).toPass({ timeout: 30_000 });
  }
}

/** Registers a fresh user through the real API and leaves the browser signed in as them. */
export async function registerFresh(page: Page, tag = "e2e", fullName?: string) {
  const a = { ...newAccount(tag), ...(fullName ? { fullName } : {}) };
  const res = await page.request.post("/api/register", {
    data: { ...a, confirmPassword: a.password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...a, user: await res.json() };
}

/**
 * Checks out one farm's products through the API. The seeded farms sell in windows, so the order
 * takes the farm's soonest pickup slot (a farm without windows needs none). Expects 201.
 */
export async function orderByApi(
  page: Page,
  farmId: number,
  items: { productId: number; quantity: number }[],
): Promise<{ orders: { id: number }[] }> {
  const slots = (await (await page.request.get(`/api/farms/${farmId}/slots`)).json()) as {
    slotId: string;
    kind: string;
  }[];
  const slot = slots.find((s) => s.kind === "pickup");
  // A test's order is meant even where the buyer has one in that slot already (the question itself:
  // e2e/journeys.spec.ts, e2e/reorder.spec.ts).
  const res = await page.request.post("/api/orders", {
    data: {
      items,
      ...(slot ? { fulfilment: { [farmId]: { slotId: slot.slotId } } } : {}),
      confirmRepeat: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** Adds `amount` dollars to the signed-in buyer's wallet through the API; expects 200. */
export async function topUpByApi(page: Page, amount: number) {
  const res = await page.request.post("/api/transactions/topup", { data: { amount } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The AUTH_SECRET scripts/e2e-server.ts gives the server, for what a test signs as the server would. */
export const serverSecret = () =>
  process.env.AUTH_SECRET ?? "e2e-secret-e2e-secret-e2e-secret-0123456789";

/** The signed token of an email's unsubscribe link (docs/notifications.md), made with the secret scripts/e2e-server.ts gives the server. */
export function unsubscribeTokenFor(userId: number, kind: string): string {
  return `${userId}.${kind}.${crypto.createHmac("sha256", serverSecret()).update(`unsubscribe:${userId}:${kind}`).digest("base64url")}`;
}

/** The signed token of a share box email's link (docs/shares.md), as the server signs it. */
export function shareLinkTokenFor(membershipId: number, date: string, cutoff: string): string {
  const fields = `${membershipId}.${date}.skip.${Math.floor(Date.parse(cutoff) / 1000)}`;
  return `${fields}.${crypto.createHmac("sha256", serverSecret()).update(`share-link:${fields}`).digest("base64url")}`;
}

/**
 * A second browser with its own cookies and the same device settings as this project (a farm and a
 * buyer side by side); `extra` adds options such as a time zone or locale.
 */
export async function secondContext(
  browser: Browser,
  testInfo: TestInfo,
  extra: BrowserContextOptions = {},
) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } =
    testInfo.project.use;
  const context = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
    ...extra,
  });
  return { context, page: await context.newPage() };
}

/** Lists a product for the signed-in farm through the API (by the lb, 40 in stock, no category); its id. */
export async function createProductByApi(
  page: Page,
  name: string,
  price: number,
  over: { unit?: string; stock?: number; caseSize?: number; restaurantPrice?: number } = {},
) {
  const res = await page.request.post("/api/my-farm/products", {
    data: {
      name,
      description: "",
      price,
      unit: "lb",
      stock: 40,
      categoryId: null,
      isFeatured: false,
      ...over,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Opens a section of /profile through the profile menu, as a person does, and waits for its URL. */
export async function openProfileSection(page: Page, link: string, url: RegExp) {
  await page.goto("/profile");
  await page
    .getByRole("navigation", { name: "Profile menu" })
    .getByRole("link", { name: link })
    .click();
  await expect(page).toHaveURL(url);
}

/** Types each value into the field that `scope` labels with its key, in order. */
export async function fillLabelled(scope: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await scope.getByLabel(label).fill(value);
}

/** Every field still holds what `fillLabelled` typed: a refused submission lost nothing. */
export async function expectKept(scope: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields))
    await expect(scope.getByLabel(label)).toHaveValue(value);
}

/** The running e2e server's database URL (scripts/e2e-server.ts writes it down), or "". */
export function e2eDatabaseUrl(): string {
  const file = path.resolve(".data", `e2e-${Number(process.env.E2E_PORT ?? 3100)}.database-url`);
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
}

/** In a describe block: skips it unless the server runs on PostgreSQL (PGlite allows one process). */
export function skipUnlessPostgres(what: string) {
  test.skip(
    !/^postgres/.test(e2eDatabaseUrl()),
    `${what} beside the server only on PostgreSQL (PGlite allows one process)`,
  );
}

const run = promisify(execFile);
/** Runs one of the repo's TypeScript scripts against the e2e server's database. */
export const runScript = (file: string, ...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "--conditions=react-server", file, ...args], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl() },
  });

/** This project's pick (desktop's where the project has none): a seeded account per project. */
export function forProject<P extends { desktop: unknown; mobile?: unknown }>(
  byProject: P,
  testInfo: TestInfo,
): P[keyof P] {
  return byProject[testInfo.project.name as keyof P] ?? (byProject.desktop as P[keyof P]);
}

/** A standing order as GET /api/standing-orders lists it (docs/restaurants.md). */
export type StandingOrder = {
  id: number;
  farmId: number;
  farmName: string;
  items: { productId: number; quantity: number }[];
  weekday: number;
  kind: string;
  pickupPointId: number | null;
};

/** The signed-in restaurant's standing orders, as the API lists them. */
export async function listStandingOrders(page: Page): Promise<StandingOrder[]> {
  return (await page.request.get("/api/standing-orders")).json();
}

/**
 * Sets up a standing order for the signed-in restaurant on the same farm, day and way as `like`,
 * with its first item; expects 201 and answers the new one.
 */
export async function copyStandingOrder(page: Page, like: StandingOrder): Promise<StandingOrder> {
  const made = await page.request.post("/api/standing-orders", {
    data: {
      farmId: like.farmId,
      items: like.items.slice(0, 1),
      weekday: like.weekday,
      kind: like.kind,
      pickupPointId: like.pickupPointId,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return made.json();
}

/**
 * Collects the text of every script the page loads from now on, as it arrives: what a spec
 * searches to tell which code shipped with the page and which came later.
 */
export function collectScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() === "script") scripts.push(await res.text().catch(() => ""));
  });
  return scripts;
}
