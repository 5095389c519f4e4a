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

/** The date `weeks` weeks after a YYYY-MM-DD date. */
function weeksAfter(date: string, weeks: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7 * weeks);
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
      seasonEnd: weeksAfter(seasonStart, 3),
      capacity: 10,
      skipsPerSeason: 1,
      fulfilment: { kind: "pickup", pickupPointId: fulfilment.pickupPoints[0].id },
      payment: ["weekly", "season"],
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

  // Another shopper pays the season's four boxes ($100) in two parts: $50 now, said before.
  const second = await secondContext(browser, testInfo);
  await registerFresh(second.page, "season");
  await topUpByApi(second.page, 60);
  await second.page.goto(`/farms/${farmId}`);
  await second.page
    .getByRole("region", { name: "Farm shares" })
    .getByRole("button", { name: "Pay the season ($100.00)" })
    .click();
  const dialog = second.page.getByRole("dialog", { name: "Join Saturday veg box" });
  await dialog.getByLabel("2 parts of about $50.00, the first now").check();
  await auditPage(second.page, `/farms/${farmId} (join the season)`);
  await dialog.getByRole("button", { name: "Join and pay $50.00 now" }).click();
  await expect(
    second.page.getByTestId("toast").getByText("You joined Saturday veg box"),
  ).toBeVisible();
  const theirs = (await (await second.page.request.get("/api/me/shares")).json()) as {
    prepaid: { boxesLeft: number; balance: number; instalments: unknown[] };
  }[];
  expect(theirs[0].prepaid).toMatchObject({ boxesLeft: 4, balance: 50 });
  // The second part is still to come, on a later box date.
  expect(theirs[0].prepaid.instalments).toMatchObject([{ amount: 50, paid: false }]);
  expect(
    ((await (await second.page.request.get("/api/wallet")).json()) as { balance: number }).balance,
  ).toBe(10);
  await second.context.close();
});

/**
 * The farm's side with two members: a farm of the test's own offers a share from My Farm →
 * Shares, builds the box from what is in stock and publishes it; one member swaps an item for a
 * dearer option and never wants another (replaced by the first option), another skips the week;
 * at the cutoff the worker places one box as an order and skips the other, and the pack list
 * shows the placed box under the member's name with what was swapped.
 */
test("a farmer publishes a share box; a member swaps and sets a never-item, another skips; the pack list shows the box", async ({
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
    ["Box Garlic", 9],
    ["Box Leeks", 5],
    ["Box Radish", 2],
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
  // The plan's terms change from its card: room for twelve members.
  const plans = page.getByTestId("share-plans");
  await plans.getByRole("button", { name: "Edit Market box" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Market box" });
  await expect(edit.getByLabel("Box price ($)")).toHaveValue("20.00");
  await edit.getByLabel("Members at most").fill("12");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast").getByText("Market box saved")).toBeVisible();
  await expect(plans.getByText(/0 of 12 members/)).toBeVisible();

  // Built from stock: the first four products, two of each, and radish as the swap option; the
  // farmer moves garlic from the box to the options.
  const week = page.getByRole("region", { name: /^Market box:/ });
  await week.getByRole("button", { name: "Build from what is in stock" }).click();
  await expect(week.getByLabel("Box Leeks in the box")).toHaveValue("2");
  await expect(week.getByLabel("Box Radish as a swap option")).toHaveValue("1");
  await week.getByLabel("Box Garlic in the box").fill("0");
  await week.getByLabel("Box Garlic as a swap option").fill("1");
  await week.getByRole("button", { name: "Publish the box" }).click();
  await expect(page.getByTestId("toast").getByText("Box published")).toBeVisible();
  await expect(week.getByText("Published", { exact: true })).toBeVisible();
  await auditPage(page, "/my-farm/shares");
  const planId = (
    (await (await page.request.get("/api/my-farm/shares")).json()) as { id: number }[]
  )[0].id;

  // Bea: chard (2 × $4) for garlic (1 × $9) is $1 more; beets never, so radish takes their place.
  const bea = await secondContext(browser, testInfo);
  const buyer = await registerFresh(bea.page, "boxer", "Bea Boxer");
  await topUpByApi(bea.page, 60);
  const joined = await bea.page.request.post(`/api/shares/${planId}/members`, {
    data: { payment: "weekly" },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  await bea.page.goto("/shares");
  const card = bea.page.getByRole("article", { name: /Market box/ });
  await card.getByRole("button", { name: "Instead of Box Chard (+$1.00)" }).click();
  await expect(card.getByText("Box Garlic × 1 lb (your swap)")).toBeVisible();
  await card.getByRole("button", { name: "Never send me Box Beets" }).click();
  await expect(
    bea.page.getByTestId("toast").getByText("We won't send you Box Beets again"),
  ).toBeVisible();
  await expect(
    card.getByText("Box Radish × 1 lb (instead of an item you never want)"),
  ).toBeVisible();
  await expect(card.getByTestId("never-items").getByText("Box Beets")).toBeVisible();
  await expect(card.getByText("This box: $21.00 ($1.00 for dearer swaps)")).toBeVisible();
  await auditPage(bea.page, "/shares (a never-item)");
  await bea.context.close();

  // Cal joins and skips the week.
  const cal = await secondContext(browser, testInfo);
  await registerFresh(cal.page, "skipper", "Cal Skipper");
  await topUpByApi(cal.page, 60);
  const calJoined = await cal.page.request.post(`/api/shares/${planId}/members`, {
    data: { payment: "weekly" },
  });
  expect(calJoined.status(), await calJoined.text()).toBe(201);
  const calId = ((await calJoined.json()) as { id: number }).id;
  const skipped = await cal.page.request.post(`/api/me/shares/${calId}/skip`, {
    data: { date },
    headers: { "Idempotency-Key": `skip-${calId}` },
  });
  expect(skipped.status(), await skipped.text()).toBe(200);
  await cal.context.close();

  await page.reload();
  await expect(week.getByText("Bea Boxer")).toBeVisible();
  await expect(week.getByText("Cal Skipper")).toBeVisible();
  await expect(week.getByRole("region", { name: "To pack" }).getByText("Box Radish")).toBeVisible();

  const placed = JSON.parse((await runScript("e2e/place-shares.ts", String(planId))).stdout) as {
    status: string;
    orderId: number | null;
  }[];
  expect(placed.map((p) => p.status)).toEqual(["placed", "skipped"]);
  await page.goto(`/my-farm/pack-list?date=${date}`);
  const order = page.getByTestId("pack-order").filter({ hasText: buyer.fullName });
  await expect(order.getByTestId("pack-share")).toHaveText(
    "Farm share: Market box · swaps Box Beets → Box Radish, Box Chard → Box Garlic",
  );
  await expect(order.getByLabel(/Box Leeks/)).toBeVisible();
  await expect(order.getByLabel(/Box Chard/)).toHaveCount(0);
  await expect(page.getByText("Cal Skipper")).toHaveCount(0);
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
