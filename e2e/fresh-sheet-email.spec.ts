import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { expect, test, type Page } from "@playwright/test";
import { wallDate } from "@/lib/tz";
import { auditPage } from "./a11y";
import {
  copyStandingOrder,
  listStandingOrders,
  registerFresh,
  runScript,
  SEEDED_RESTAURANTS,
  signInSeeded,
  skipUnlessPostgres,
  SEEDED_FARMERS,
} from "./support";

/**
 * The weekly fresh-sheet email (docs/restaurants.md, "Fresh sheet"): a restaurant of its own per
 * project (approved by ops, with a standing order at Glenmore Valley Greens) follows the farm; the
 * farm's sheet goes out (a worker round beside the server, e2e/send-fresh-sheet.ts); the chef
 * reads it from the mail the e2e server writes (without SMTP_URL, one .eml file per email under
 * .data/mail/) and adds a line to the standing order from its signed link. The same link is
 * refused to anyone else, with a page of its own.
 */
const FARM = "Glenmore Valley Greens";
const MAIL_DIR = path.resolve(".data", "mail");
/** The newest fresh-sheet email to `email` written since `since`, as text. */
async function newestSheetFor(email: string, since: number, prefix = ""): Promise<string | null> {
  if (!fs.existsSync(MAIL_DIR)) return null;
  const files = fs
    .readdirSync(MAIL_DIR)
    .map((f) => path.join(MAIL_DIR, f))
    .filter((f) => fs.statSync(f).mtimeMs >= since)
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const f of files) {
    const mail = await simpleParser(fs.readFileSync(f));
    if (
      JSON.stringify(mail.to ?? "").includes(email) &&
      mail.subject?.startsWith(`${prefix}This week's fresh sheet`)
    )
      return mail.text ?? "";
  }
  return null;
}

/** The token of the verification link emailed to `email`, once it is written. */
async function verifyTokenFor(email: string): Promise<string | null> {
  if (!fs.existsSync(MAIL_DIR)) return null;
  for (const f of fs.readdirSync(MAIL_DIR)) {
    const raw = fs.readFileSync(path.join(MAIL_DIR, f), "utf8");
    if (!raw.includes(email)) continue;
    const mail = await simpleParser(raw);
    const m = /\/auth\/verify\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
    if (m) return m[1];
  }
  return null;
}

/**
 * Now in the farm's zone, as the server reckons it (the repo's tz data, not Node's Intl, whose
 * zone rules may be older): the weekday (0 = Sunday) and hour its sheet is set to, to go out at
 * once. The worker sends a sheet up to a day after its hour (SEND_WITHIN_MS), so the hour or the
 * day turning between here and the worker's round changes nothing.
 */
function nowInVancouver(): { weekday: number; hour: number } {
  const wall = wallDate(Date.now(), "America/Vancouver")!;
  return { weekday: wall.getUTCDay(), hour: wall.getUTCHours() };
}

async function sendSheetNow(page: Page) {
  await signInSeeded(page, SEEDED_FARMERS.daniel);
  const farm = (await (await page.request.get("/api/my-farm")).json()) as {
    farmName: string;
    description: string;
    location: string;
  };
  const res = await page.request.patch("/api/my-farm", {
    data: {
      farmName: farm.farmName,
      description: farm.description,
      location: farm.location,
      freshSheet: nowInVancouver(),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test("a restaurant follows a farm, gets its fresh sheet and adds a line to its standing order from the email", async ({
  page,
  browser,
}, testInfo) => {
  skipUnlessPostgres("buyer:approve and the worker round run");
  test.setTimeout(180_000);
  const since = Date.now();
  // The seeded standing order's day and place, which a new one of the same farm can use.
  await signInSeeded(page, SEEDED_RESTAURANTS.olivia);
  const seeded = (await listStandingOrders(page)).find((s) => s.farmName === FARM)!;
  expect(seeded, "the seeded standing order").toBeTruthy();
  await sendSheetNow(page);

  // A restaurant of its own per project: registered, approved by ops, with a standing order there.
  await page.context().clearCookies();
  const chef = await registerFresh(page, `sheet-${testInfo.project.name}`);
  // Only a confirmed address gets emails other than its account links (docs/accounts.md).
  expect((await page.request.post("/api/email/verification")).status()).toBe(202);
  let verify: string | null = null;
  await expect
    .poll(async () => (verify = await verifyTokenFor(chef.email)), { timeout: 30_000 })
    .not.toBeNull();
  const confirmed = await page.request.post("/api/email/verify", { data: { token: verify } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const applied = await page.request.post("/api/business-account", {
    data: {
      companyName: "Sheet Kitchen",
      businessNumber: "123456789",
      address: "100 Water St, Kelowna, BC",
      postalCode: "V1Y 9P4",
    },
  });
  expect(applied.status(), await applied.text()).toBe(202);
  await runScript("scripts/buyer-approve.ts", "--", chef.email);
  await copyStandingOrder(page, seeded);

  // The chef follows the farm from its page.
  await page.goto(`/farms/${seeded.farmId}`);
  const follow = page.getByTestId("follow-farm");
  await follow.click();
  await expect(follow).toHaveAttribute("aria-pressed", "true");

  // The sheet goes out (a worker round); the chef reads it from the mail the server wrote.
  await runScript("e2e/send-fresh-sheet.ts", String(seeded.farmId));
  let text: string | null = null;
  await expect
    .poll(async () => (text = await newestSheetFor(chef.email, since)), { timeout: 60_000 })
    .not.toBeNull();
  expect(text!).toContain("at your restaurant prices");
  const line =
    /^(.+?) \(case of [^)]*\): \$[\d.,]+ \/ .+\r?\n {2}Add to cart: \S+\r?\n {2}Add to my standing order: (\S+?)\r?$/m.exec(
      text!,
    );
  expect(line, text!).not.toBeNull();
  const [, product, url] = line!;
  const linkPath = new URL(url).pathname;

  // Someone else who gets hold of the link is refused with a page of its own (403), not JSON.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const stranger = await other.newPage();
  await registerFresh(stranger, "sheet-link");
  const refused = await stranger.goto(linkPath);
  expect(refused!.status()).toBe(403);
  await expect(
    stranger.getByRole("heading", { name: "This link was sent to someone else" }),
  ).toBeVisible();
  const forged = await stranger.goto(linkPath.replace(/[\w-]{43}$/, "A".repeat(43)));
  expect(forged!.status()).toBe(404);
  await expect(stranger.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await other.close();

  // The chef opens it and adds the line.
  await page.goto(linkPath);
  await expect(page).toHaveURL(/\/fresh-sheet-link\/[^/]+\/add$/);
  await expect(
    page.getByRole("heading", { name: "Add to my standing order", level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Your standing order: Pickup / })).toBeVisible();
  await auditPage(page, "/fresh-sheet-link/{token}/add");
  await page.getByRole("button", { name: "Add to my standing order" }).click();
  await expect(
    page.getByTestId("toast").filter({ hasText: "Standing order updated" }),
  ).toBeVisible();
  await expect(page.getByTestId("standing-lines")).toContainText(product);
  await expect(page.getByRole("link", { name: "Open standing orders" })).toBeVisible();

  // The standing order itself now carries the line.
  const orders = (await (await page.request.get("/api/standing-orders")).json()) as {
    farmName: string;
    status: string;
    items: { productName: string }[];
  }[];
  const standing = orders.find((s) => s.farmName === FARM && s.status !== "cancelled")!;
  expect(standing.items.map((i) => i.productName)).toContain(product);
});

test("the farm chooses its fresh sheet's day and hour on its profile; a reader switches a farm off", async ({
  page,
}) => {
  await signInSeeded(page, SEEDED_FARMERS.daniel);
  await page.goto("/my-farm/profile");
  const day = page.getByLabel("Day", { exact: true });
  await expect(day).toBeVisible();
  await auditPage(page, "/my-farm/profile (fresh sheet)");
  // Preview opens the sheet's page; "Send me a test" mails this week's sheet to the farmer.
  const preview = page.getByRole("link", { name: "Preview" });
  await expect(preview).toHaveAttribute("href", /^\/farms\/\d+\/fresh-sheet$/);
  const since = Date.now();
  await page.getByRole("button", { name: "Send me a test" }).click();
  await expect(
    page.getByTestId("toast").filter({ hasText: `on its way to ${SEEDED_FARMERS.daniel.email}` }),
  ).toBeVisible();
  await expect
    .poll(() => newestSheetFor(SEEDED_FARMERS.daniel.email, since, "Test: "), { timeout: 30_000 })
    .toContain("Add to cart");
  const sheet = await page.request.get((await preview.getAttribute("href"))!);
  expect(sheet.status()).toBe(200);

  await page.context().clearCookies();
  await registerFresh(page, "sheets");
  const farmId = (
    (await (await page.request.get(`/api/products/search?q=Glenmore&limit=5`)).json()) as {
      farm: { id: number; farmName: string };
    }[]
  ).find((p) => p.farm.farmName === FARM)!.farm.id;
  expect((await page.request.put(`/api/farms/${farmId}/follow`)).status()).toBe(200);
  await page.goto("/profile/notifications");
  const sw = page.getByRole("switch", { name: FARM });
  await expect(sw).toHaveAttribute("aria-checked", "true");
  await auditPage(page, "/profile/notifications (fresh sheets)");
  await sw.click();
  await expect(
    page.getByTestId("toast").filter({ hasText: `Fresh sheet from ${FARM}: off` }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: FARM })).toHaveAttribute("aria-checked", "false");
});
