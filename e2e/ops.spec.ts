import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { possessive } from "../lib/format";
import { auditPage } from "./a11y";
import {
  createProductByApi,
  newStaffWithTwoStep,
  registerFresh,
  secondContext,
  signIn,
  STAFF,
} from "./support";

/**
 * The ops console (docs/operations.md): staff approve a restaurant (who sees restaurant prices on
 * the next request), retry a failed email, mark a manual payout paid with a two-step code, and
 * find all three in the audit log. The seed (prisma/seed/ops.ts) leaves failed emails and a manual
 * payout, a believable week for the demo; this spec (desktop only, playwright.config.ts) is the one
 * that acts on them.
 */
const FARM = "Glenmore Valley Greens";

type Product = { name: string; priceLevel: string; farm: { farmName: string } };
const priceLevel = async (page: Page) => {
  const found = (await (
    await page.request.get(`/api/products/search?q=${encodeURIComponent(FARM)}&limit=50`)
  ).json()) as Product[];
  return found.find((p) => p.farm.farmName === FARM && p.name === "Organic Salad Mix")?.priceLevel;
};

test("staff approve a restaurant, retry a failed email, mark a payout paid, and find all three in the audit log", async ({
  browser,
  page,
}, testInfo) => {
  // A buyer applies for a business account.
  const buyer = await registerFresh(page, "ops");
  const company = `Ops Bistro ${buyer.username}`;
  const applied = await page.request.post("/api/business-account", {
    data: {
      companyName: company,
      businessNumber: "812345670",
      address: "1875 Pandosy St, Kelowna, BC",
      postalCode: "V1Y 1R3",
    },
  });
  expect(applied.status(), await applied.text()).toBe(202);
  expect(await priceLevel(page)).toBe("retail");

  // Anyone but staff finds no console.
  expect((await page.goto("/ops"))?.status()).toBe(404);
  expect((await page.request.get("/api/ops/today")).status()).toBe(404);

  const staffContext = await browser.newContext({ ...testInfo.project.use });
  const ops = await staffContext.newPage();
  // Staff of the test's own, with two-step sign-in on: money actions refuse staff without it.
  const staff = await newStaffWithTwoStep(ops, "Fieldfare Ops");

  // Business accounts: approve; the buyer's very next request sees restaurant prices.
  await ops.goto("/ops/business");
  const application = ops.getByRole("listitem", { name: company });
  await expect(application).toContainText(buyer.email);
  await auditPage(ops, "/ops/business");
  // Approving asks first; "Not yet" (where focus starts) leaves the application waiting.
  await application.getByRole("button", { name: `Approve ${company}` }).click();
  const question = ops.getByRole("alertdialog", { name: `Approve ${company}?` });
  await expect(question).toBeVisible();
  await expect(question.getByRole("button", { name: "Not yet" })).toBeFocused();
  await auditPage(ops, "/ops/business, approve question");
  await question.getByRole("button", { name: "Not yet" }).click();
  await expect(application).toBeVisible();
  expect(await priceLevel(page)).toBe("retail");
  await application.getByRole("button", { name: `Approve ${company}` }).click();
  await question.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(application).toHaveCount(0);
  expect(await priceLevel(page)).toBe("restaurant");

  // Outboxes: retry a failed email.
  await ops.goto("/ops/outboxes");
  const failed = ops.getByRole("listitem", { name: /^Emails #/ }).filter({ hasText: "Failed ·" });
  const email = failed.first();
  await expect(email).toContainText("Last error: 421");
  const emailLabel = (await email.getAttribute("aria-label"))!;
  const emailId = emailLabel.replace(/^Emails #/, "");
  await auditPage(ops, "/ops/outboxes");
  await email.getByRole("button", { name: `Retry now #${emailId}` }).click();
  // The toast's text is also read out by its live region: the first is the one on screen.
  await expect(ops.getByText(`Email #${emailId} will be sent now`).first()).toBeVisible();

  // Payouts: mark a manual payout paid; the password is asked again first.
  await ops.goto("/ops/payouts");
  const payout = ops.getByRole("listitem").filter({ hasText: "Week to" }).first();
  const payoutId = (await payout.getAttribute("aria-label"))!.replace(/^Payout #/, "");
  await auditPage(ops, "/ops/payouts");
  await payout.getByRole("button", { name: `Mark paid payout #${payoutId}` }).click();
  await ops.getByLabel("Reference").fill(`EFT-${payoutId}-${testInfo.project.name}`);
  await ops.getByRole("button", { name: "Mark paid", exact: true }).click();
  await expect(ops.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
  // A code from the app confirms it as the password would (the one that turned it on is spent).
  await ops
    .getByLabel("Or a code from your app")
    .fill(staff.totp.generate({ timestamp: Date.now() + 30_000 }));
  await ops.getByRole("button", { name: "Confirm" }).click();
  await expect(ops.getByText(`Payout #${payoutId} marked paid`).first()).toBeVisible();
  await expect(ops.getByRole("listitem", { name: `Payout #${payoutId}` })).toHaveCount(0);

  // The audit log has all three, newest first, by this staff member.
  await ops.goto("/ops/audit");
  const entries = ops.getByRole("list", { name: "Audit entries" });
  await expect(entries).toContainText(`payout.mark_paid · payout:${payoutId}`);
  await expect(entries).toContainText(`email.retry · notification:${emailId}`);
  await expect(entries).toContainText(`business.approve · user:${buyer.user.id}`);
  await expect(entries).toContainText(`Fieldfare Ops approved ${company}'s business account`);
  await ops.getByLabel("Action").selectOption("payout.mark_paid");
  await ops.getByLabel("Target").fill(`payout:${payoutId}`);
  await ops.getByRole("button", { name: "Filter" }).click();
  await expect(entries.getByRole("listitem")).toHaveCount(1);
  // A sentence with the names in it, and the fields that changed.
  await expect(entries.getByRole("listitem")).toContainText(
    new RegExp(`^Fieldfare Ops marked payout #${payoutId} to .+ paid`),
  );
  await expect(entries.getByRole("definition")).toContainText([
    `"EFT-${payoutId}-${testInfo.project.name}"`,
  ]);
  await auditPage(ops, "/ops/audit");
  await staffContext.close();
});

test("Today and People answer staff; People finds the demo shopper and their wallet", async ({
  page,
}) => {
  await signIn(page, STAFF.email, STAFF.password);
  await page.goto("/ops");
  await expect(page.getByRole("heading", { name: "Today" })).toBeVisible();
  await expect(page.getByText("Applications waiting", { exact: true })).toBeVisible();
  // Each money figure says what it counts.
  const commission = page.getByRole("listitem").filter({ hasText: "Commission (24 h)" });
  await expect(commission).toContainText("booked when an order is handed over and paid");
  await auditPage(page, "/ops");
  await page.goto("/ops/people");
  await page.getByLabel("Name or email").fill("demo@fieldfare.app");
  await page.getByRole("button", { name: "Search" }).click();
  // The search's result comes after the wallets on hold.
  await page
    .getByRole("button", { name: /^Open / })
    .last()
    .click();
  await expect(page.getByRole("heading", { name: "Wallet ledger" })).toBeVisible();
  await auditPage(page, "/ops/people");

  // The seeded disputed top-up: Today counts the wallet on hold and links to it.
  await page.goto("/ops");
  await page.getByRole("link", { name: "Open wallets on hold" }).click();
  await expect(page).toHaveURL(/\/ops\/people#on-hold$/);
  const onHold = page.getByRole("region", { name: "Wallets on hold" });
  await onHold.getByRole("button", { name: "Open Liam Brooks" }).click();
  const banner = page.getByRole("note", { name: "Wallet on hold" });
  await expect(banner).toContainText("$40.00");
  await expect(banner).toContainText("pi_seed_liam");
  await expect(banner.getByRole("button", { name: "Release hold" })).toBeVisible();
  await auditPage(page, "/ops/people (wallet on hold)");
});

test("Today that cannot load keeps its heading, says so, and Try again loads the figures", async ({
  page,
}) => {
  await signIn(page, STAFF.email, STAFF.password);
  let failing = true;
  await page.route("**/api/ops/today", (route) =>
    failing ? route.fulfill({ status: 503, json: {} }) : route.continue(),
  );
  await page.goto("/ops");
  const today = page.getByRole("region", { name: "Today" });
  await expect(today.getByRole("alert")).toHaveText(/^Could not load today's figures/);
  await expect(today.getByText("Applications waiting", { exact: true })).toHaveCount(0);

  failing = false;
  // SWR may retry on its own first; either way the figures must come back.
  await expect(async () => {
    const retry = today.getByRole("button", { name: "Try again" });
    if (await retry.isVisible()) await retry.click({ timeout: 1_000 });
    await expect(today.getByText("Applications waiting", { exact: true })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  await expect(today.getByRole("alert")).toHaveCount(0);
});

test("staff invite a farmer, mark the farm verified, pause its listings (a shopper no longer sees them), download the waitlist CSV, and find it all in the audit log", async ({
  browser,
  page,
}, testInfo) => {
  // Walks and audits five console pages and a shopper's search twice: past 2 minutes on a busy host.
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const farmName = `Ops Orchard ${run}`;
  const email = `ops-farm-${run}@example.com`;
  const plums = `Opsplums ${run}`;

  const { context: staffContext, page: ops } = await secondContext(browser, testInfo);
  await signIn(ops, STAFF.email, STAFF.password);
  // Staff, and only staff, have the console's link: in the rail, or the phone's More menu.
  await ops.goto("/home");
  if (testInfo.project.name === "mobile") {
    await ops.getByTestId("tab-bar").getByRole("button", { name: "More" }).click();
    await ops.getByTestId("tab-bar").getByRole("link", { name: "Ops" }).click();
  } else await ops.getByTestId("nav-rail").getByRole("link", { name: "Ops" }).click();
  await expect(ops).toHaveURL(/\/ops$/);
  await ops
    .getByRole("navigation", { name: "Ops console" })
    .getByRole("link", { name: "Farms" })
    .click();
  await expect(ops.getByRole("heading", { name: "Farms" })).toBeVisible();
  await auditPage(ops, "/ops/farms");

  // Invite: the farmer's account, farm and one-time link, shown once.
  await ops.getByRole("button", { name: "Invite a farmer" }).click();
  const inviteDialog = ops.getByRole("dialog", { name: "Invite a farmer" });
  await inviteDialog.getByLabel("Email").fill(email);
  await inviteDialog.getByLabel("Farm name").fill(farmName);
  await inviteDialog.getByLabel("Location").fill("Oliver, BC");
  await inviteDialog.getByRole("button", { name: "Invite", exact: true }).click();
  const link = await ops.getByLabel("Sign-in link").inputValue();
  expect(link).toContain("/api/my-farm/claim?token=");
  await ops.keyboard.press("Escape");
  const row = ops.getByRole("listitem", { name: farmName });
  await expect(row).toContainText(email);

  // The farmer signs in with it and lists plums; a shopper finds them.
  const { context: farmContext, page: farm } = await secondContext(browser, testInfo);
  await farm.goto(new URL(link).pathname + new URL(link).search);
  await farm.getByRole("button", { name: "Sign in to My Farm" }).click();
  await farm.waitForURL(/\/my-farm\/welcome/);
  const productId = await createProductByApi(farm, plums, 4.5);
  await registerFresh(page, "opsbuyer");
  const card = page.locator(`main a[href="/products/${productId}"]`);
  await page.goto(`/search?q=${encodeURIComponent(plums)}`);
  await expect(card.first()).toBeVisible();

  // Mark verified: the tick next to its name.
  await row.getByRole("button", { name: `Mark verified ${farmName}` }).click();
  await expect(row.getByRole("img", { name: "Verified" })).toBeVisible();

  // Pause its listings with a reason: the shopper no longer sees the plums, and cannot buy them.
  await row.getByRole("button", { name: `Pause listings of ${farmName}` }).click();
  const pauseDialog = ops.getByRole("dialog", { name: `Pause ${possessive(farmName)} listings` });
  // No reason: said under the field, in the form, and nothing is paused.
  await pauseDialog.getByRole("button", { name: "Pause listings", exact: true }).click();
  await expect(pauseDialog.getByText("Give a reason of at least 3 characters")).toBeVisible();
  await expect(pauseDialog.getByLabel("Reason")).toBeFocused();
  await expect(pauseDialog.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await pauseDialog.getByLabel("Reason").fill("Checking the food safety plan");
  await pauseDialog.getByRole("button", { name: "Pause listings", exact: true }).click();
  await expect(row.getByText("Listings paused")).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent(plums)}`);
  await expect(page.getByText("No products found").first()).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await page.goto(`/products/${productId}`))?.status()).toBe(404);
  const refused = await page.request.post("/api/orders", {
    data: { items: [{ productId, quantity: 1 }] },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(
    `${farmName} is not taking orders right now: remove ${plums} from your cart to check out`,
  );

  // Waitlist: the seeded failed row with its error, and the CSV.
  await ops.goto("/ops/waitlist");
  await ops.getByLabel("Name, email or company").fill("Kettle Valley");
  await ops.getByRole("button", { name: "Search" }).click();
  const submissions = ops.getByRole("list", { name: "Submissions" });
  await expect(submissions).toContainText("Sync failed");
  await expect(submissions).toContainText("Last error: 403");
  await auditPage(ops, "/ops/waitlist");
  await ops.getByLabel("Name, email or company").fill("");
  await ops.getByRole("button", { name: "Search" }).click();
  const [download] = await Promise.all([
    ops.waitForEvent("download"),
    ops.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^fieldfare-waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    '"Submitted at","Name","Email","Company","Role","Phone","Source","Submission id","Sheet","Last error"',
  );
  expect(csv).toContain('"Grace Okafor"');
  expect(csv).toContain('"Priya Shah"');

  // The audit log has the invite, the tick and the pause, newest first.
  const farmId = (
    (await (await ops.request.get(`/api/ops/farms?q=${encodeURIComponent(email)}`)).json()) as {
      id: number;
    }[]
  )[0].id;
  await ops.goto("/ops/audit");
  await ops.getByLabel("Target").fill(`farm:${farmId}`);
  await ops.getByRole("button", { name: "Filter" }).click();
  const entries = ops.getByRole("list", { name: "Audit entries" });
  await expect(entries.getByRole("listitem")).toHaveCount(3);
  await expect(entries.getByRole("listitem").nth(0)).toContainText(`farm.pause · farm:${farmId}`);
  await expect(entries.getByRole("listitem").nth(0)).toContainText(/paused .+'s listings/);
  await expect(entries.getByRole("listitem").nth(0)).toContainText("Checking the food safety plan");
  await expect(entries.getByRole("listitem").nth(1)).toContainText(`farm.verify · farm:${farmId}`);
  await expect(entries.getByRole("listitem").nth(2)).toContainText(`farm.invite · farm:${farmId}`);
  await farmContext.close();
  await staffContext.close();
});
