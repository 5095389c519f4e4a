import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { expect, test } from "@playwright/test";
import { auditPage } from "./a11y";
import {
  DEMO,
  createProductByApi,
  inviteFarmByApi,
  newAccount,
  openSaturdayStall,
  registerFresh,
  runScript,
  secondContext,
  skipUnlessPostgres,
  signIn,
  STAFF,
  topUpByApi,
} from "./support";

/** The Saturday two weeks from now or later (YYYY-MM-DD): its box's cutoff is days ahead. */
function saturdayAhead(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 14 + ((6 - d.getUTCDay() + 7) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * Farm shares (docs/shares.md), as a member does it at both widths: a farm of the test's own
 * offers a weekly box and publishes it; a shopper joins from the farm's page in one tap, sees the
 * box on Farm shares, swaps an item for a dearer option (the difference shown before and after),
 * skips the week and takes the box back.
 */
test("a shopper joins a farm share, swaps an item, skips the box and takes it back", async ({
  page,
  browser,
}, testInfo) => {
  const staff = await secondContext(browser, testInfo);
  await signIn(staff.page, STAFF.email, STAFF.password);
  const farmName = `Share Acres ${testInfo.project.name} ${newAccount("share").username}`;
  const farmer = await secondContext(browser, testInfo);
  const farmId = await inviteFarmByApi(staff.page, farmer.page, farmName);
  await staff.context.close();
  await openSaturdayStall(farmer.page);
  const carrots = await createProductByApi(farmer.page, "Share Carrots", 3);
  const kale = await createProductByApi(farmer.page, "Share Kale", 4);
  const garlic = await createProductByApi(farmer.page, "Share Garlic", 9);
  const fulfilment = (await (await farmer.page.request.get("/api/my-farm/fulfilment")).json()) as {
    pickupPoints: { id: number }[];
  };
  const seasonStart = saturdayAhead();
  const plan = await farmer.page.request.post("/api/my-farm/shares", {
    data: {
      name: "Saturday veg box",
      description: "Roots and greens from our fields",
      boxPrice: 25,
      everyWeeks: 1,
      seasonStart,
      seasonEnd: seasonStart,
      capacity: 10,
      skipsPerSeason: 1,
      fulfilment: { kind: "pickup", pickupPointId: fulfilment.pickupPoints[0].id },
      payment: ["weekly"],
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const planId = ((await plan.json()) as { id: number }).id;
  const box = await farmer.page.request.put(`/api/my-farm/shares/${planId}/boxes/${seasonStart}`, {
    data: {
      items: [
        { productId: carrots, quantity: 2 },
        { productId: kale, quantity: 1 },
      ],
      swapOptions: [{ productId: garlic, quantity: 1 }],
    },
  });
  expect(box.status(), await box.text()).toBe(200);
  await farmer.context.close();

  await registerFresh(page, "member");
  await topUpByApi(page, 100);
  await page.goto(`/farms/${farmId}`);
  const section = page.getByRole("region", { name: "Farm shares" });
  await expect(section.getByRole("heading", { name: "Saturday veg box" })).toBeVisible();
  await expect(section.getByText("Share Carrots, Share Kale")).toBeVisible();
  await auditPage(page, `/farms/${farmId} (shares)`);
  await section.getByRole("button", { name: "Join, pay each box" }).click();
  await expect(page.getByTestId("toast").getByText("You joined Saturday veg box")).toBeVisible();
  await section.getByRole("link", { name: "See your box on Farm shares" }).click();

  await expect(page).toHaveURL(/\/shares$/);
  const card = page.getByRole("article", { name: /Saturday veg box/ });
  await expect(card.getByText("Share Carrots × 2 lb")).toBeVisible();
  await expect(card.getByText("This box: $25.00")).toBeVisible();
  await auditPage(page, "/shares");
  // Garlic ($9) instead of kale ($4): $5 more, said on the button before it is pressed.
  await card.getByRole("button", { name: "Instead of Share Kale (+$5.00)" }).click();
  await expect(card.getByText("This box: $30.00 ($5.00 for dearer swaps)")).toBeVisible();
  await expect(card.getByText("Share Garlic × 1 lb (your swap)")).toBeVisible();

  await card.getByRole("button", { name: "Skip this box" }).click();
  await expect(page.getByTestId("toast").getByText("Box skipped")).toBeVisible();
  await expect(card.getByText(/\(skipped\)/)).toBeVisible();
  await card.getByRole("button", { name: "Undo skip" }).click();
  await expect(card.getByRole("button", { name: "Skip this box" })).toBeVisible();

  // What the page shows is what the server holds.
  const mine = (await (await page.request.get("/api/me/shares")).json()) as {
    nextBox: { skipped: boolean; price: number };
  }[];
  expect(mine.map((m) => m.nextBox)).toMatchObject([{ skipped: false, price: 30 }]);
});

/**
 * The farm's side: a farm of the test's own offers a share from My Farm → Shares, builds the box
 * from what is in stock and publishes it; a member joins; at the cutoff the worker places the box
 * as an order, which the pack list shows under the member's name.
 */
test("a farmer offers a share, publishes the box, and the placed box is on the pack list", async ({
  page,
  browser,
}, testInfo) => {
  skipUnlessPostgres("the share worker's round");
  const staff = await secondContext(browser, testInfo);
  await signIn(staff.page, STAFF.email, STAFF.password);
  const farmName = `Box Farm ${testInfo.project.name} ${newAccount("boxfarm").username}`;
  await inviteFarmByApi(staff.page, page, farmName);
  await staff.context.close();
  await openSaturdayStall(page);
  for (const [name, price] of [
    ["Box Beets", 3],
    ["Box Chard", 4],
    ["Box Leeks", 5],
  ] as const)
    await createProductByApi(page, name, price);

  await page.goto("/my-farm/shares");
  await expect(page.getByRole("heading", { name: "No farm shares yet" })).toBeVisible();
  await auditPage(page, "/my-farm/shares (empty)");
  const form = page.getByRole("region", { name: "Offer a farm share" });
  const date = saturdayAhead();
  await form.getByLabel("Name").fill("Market box");
  await form.getByLabel("Box price ($)").fill("20");
  await form.getByLabel("First box").fill(date);
  await form.getByLabel("Season ends").fill(date);
  await form.getByRole("button", { name: "Offer this share" }).click();
  await expect(page.getByTestId("toast").getByText("Market box is open")).toBeVisible();

  const week = page.getByRole("region", { name: /^Market box:/ });
  await week.getByRole("button", { name: "Build from what is in stock" }).click();
  await expect(week.getByLabel("Box Leeks in the box")).not.toHaveValue("0");
  await week.getByRole("button", { name: "Publish the box" }).click();
  await expect(page.getByTestId("toast").getByText("Box published")).toBeVisible();
  await expect(week.getByText("Published", { exact: true })).toBeVisible();
  await auditPage(page, "/my-farm/shares");
  const planId = (
    (await (await page.request.get("/api/my-farm/shares")).json()) as { id: number }[]
  )[0].id;

  const member = await secondContext(browser, testInfo);
  const buyer = await registerFresh(member.page, "boxer", "Bea Boxer");
  await topUpByApi(member.page, 60);
  const joined = await member.page.request.post(`/api/shares/${planId}/members`, {
    data: { payment: "weekly" },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  await member.context.close();

  await page.reload();
  await expect(week.getByText("Bea Boxer")).toBeVisible();
  await expect(week.getByRole("region", { name: "To pack" }).getByText("Box Leeks")).toBeVisible();

  const placed = JSON.parse((await runScript("e2e/place-shares.ts", String(planId))).stdout) as {
    status: string;
    orderId: number;
  }[];
  expect(placed.map((p) => p.status)).toEqual(["placed"]);
  await page.goto(`/my-farm/pack-list?date=${date}`);
  await expect(page.getByText(buyer.fullName).first()).toBeVisible();
});

/** The e2e server writes each email to .data/mail/ (no SMTP_URL): the newest whose text matches. */
const MAIL_DIR = path.resolve(".data", "mail");
async function mailText(to: string, match: RegExp, since: number): Promise<string | null> {
  if (!fs.existsSync(MAIL_DIR)) return null;
  for (const f of fs.readdirSync(MAIL_DIR).map((n) => path.join(MAIL_DIR, n))) {
    if (fs.statSync(f).mtimeMs < since || !fs.readFileSync(f, "utf8").includes(to)) continue;
    const text = (await simpleParser(fs.readFileSync(f))).text ?? "";
    if (match.test(text)) return text;
  }
  return null;
}

/**
 * The box email's signed links (docs/shares.md, "The box email"): a member with a confirmed
 * address gets "Your box this week" when the farm publishes; its "Skip this box" opens, signed
 * out, a page that changes nothing until its button is pressed, and then the box is skipped. An
 * altered link says so and offers sign-in.
 */
test("the box email's skip link opens a confirm page, signed out, that skips the box", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const since = Date.now();
  const staff = await secondContext(browser, testInfo);
  await signIn(staff.page, STAFF.email, STAFF.password);
  const farmName = `Mail Box Farm ${testInfo.project.name} ${newAccount("mailbox").username}`;
  const farmer = await secondContext(browser, testInfo);
  await inviteFarmByApi(staff.page, farmer.page, farmName);
  await staff.context.close();
  await openSaturdayStall(farmer.page);
  const beans = await createProductByApi(farmer.page, "Mail Beans", 3);
  const fulfilment = (await (await farmer.page.request.get("/api/my-farm/fulfilment")).json()) as {
    pickupPoints: { id: number }[];
  };
  const date = saturdayAhead();
  const plan = await farmer.page.request.post("/api/my-farm/shares", {
    data: {
      name: "Mailed box",
      boxPrice: 15,
      everyWeeks: 1,
      seasonStart: date,
      seasonEnd: date,
      capacity: 5,
      skipsPerSeason: 1,
      fulfilment: { kind: "pickup", pickupPointId: fulfilment.pickupPoints[0].id },
      payment: ["weekly"],
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const planId = ((await plan.json()) as { id: number }).id;

  // The member confirms their address (only a confirmed one gets these emails) and joins.
  const buyer = await registerFresh(page, `mailbox-${testInfo.project.name}`);
  expect((await page.request.post("/api/email/verification")).status()).toBe(202);
  let verify: string | null = null;
  await expect
    .poll(
      async () =>
        (verify =
          /\/auth\/verify\?token=([A-Za-z0-9_-]{43})/.exec(
            (await mailText(buyer.email, /auth\/verify/, since)) ?? "",
          )?.[1] ?? null),
      { timeout: 30_000 },
    )
    .not.toBeNull();
  expect((await page.request.post("/api/email/verify", { data: { token: verify } })).status()).toBe(
    200,
  );
  await topUpByApi(page, 50);
  const joined = await page.request.post(`/api/shares/${planId}/members`, {
    data: { payment: "weekly" },
  });
  expect(joined.status(), await joined.text()).toBe(201);

  const box = await farmer.page.request.put(`/api/my-farm/shares/${planId}/boxes/${date}`, {
    data: { items: [{ productId: beans, quantity: 2 }], swapOptions: [] },
  });
  expect(box.status(), await box.text()).toBe(200);
  await farmer.context.close();
  let text: string | null = null;
  await expect
    .poll(async () => (text = await mailText(buyer.email, /Skip this box: /, since)), {
      timeout: 60_000,
    })
    .not.toBeNull();
  expect(text!).toContain("Mail Beans × 2");
  const skipPath = new URL(/Skip this box: (\S+)/.exec(text!)![1]).pathname;

  // Signed out (a context of its own): the page shows the box and changes nothing by itself.
  const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const other = await visitor.newPage();
  await other.goto(skipPath);
  await expect(other.getByRole("heading", { name: /^Skip your box of / })).toBeVisible();
  await expect(other.getByText("Mail Beans × 2 lb")).toBeVisible();
  await auditPage(other, "/share-link/[token]");
  const before = (await (await page.request.get("/api/me/shares")).json()) as {
    nextBox: { skipped: boolean };
  }[];
  expect(before[0].nextBox.skipped).toBe(false);
  await other.getByRole("button", { name: "Skip this box" }).click();
  await expect(other.getByRole("status")).toHaveText(/This box is skipped/);

  const after = (await (await page.request.get("/api/me/shares")).json()) as {
    nextBox: { skipped: boolean };
    skipsLeft: number;
  }[];
  expect(after[0]).toMatchObject({ skipsLeft: 0, nextBox: { skipped: true } });

  // An altered link: a clear page and the way to Farm shares.
  await other.goto(skipPath.replace(/[\w-]{43}$/, "A".repeat(43)));
  await expect(other.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await expect(other.getByRole("link", { name: "Sign in and open Farm shares" })).toHaveAttribute(
    "href",
    "/auth?next=%2Fshares",
  );
  await visitor.close();
});

/** Home's "Join a farm share" for the demo shopper: open plans, never the weekly box they are in. */
test("home offers the demo shopper a farm share they have not joined", async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await page.goto("/home");
  const card = page.getByRole("region", { name: "Join a farm share" });
  // The card fetches once near the viewport, at the end of the feed (whose sections grow as they load).
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return card.isVisible();
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  // Other specs' farms may be nearer (the card shows 3): the joined plan is never among them.
  await expect(card.getByRole("listitem").first()).toBeVisible();
  await expect(card.getByText("Weekly harvest box")).toHaveCount(0);
  await expect(card.getByRole("link").first()).toHaveAttribute(
    "href",
    /^\/farms\/\d+#farm-shares$/,
  );
  await auditPage(page, "/home (join a farm share)");
});
