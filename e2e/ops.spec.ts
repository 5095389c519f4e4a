import { expect, test, type Page } from "@playwright/test";
import { auditPage } from "./a11y";
import { registerFresh, signIn } from "./support";

/**
 * The ops console (docs/operations.md): staff approve a restaurant (who sees restaurant prices on
 * the next request), retry a failed email, mark a manual payout paid with the password again, and
 * find all three in the audit log. The seed (prisma/seed/ops.ts) leaves two failed emails and two
 * manual payouts: the desktop run takes the first of each, the 390 px run the last, so the two
 * projects never act on the same row.
 */
const STAFF = { email: "ops@fieldfare.app", password: "harvest-ops-2026" };
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
  const pick = testInfo.project.name === "mobile" ? "last" : "first";

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
  await signIn(ops, STAFF.email, STAFF.password);

  // Business accounts: approve; the buyer's very next request sees restaurant prices.
  await ops.goto("/ops/business");
  const application = ops.getByRole("listitem", { name: company });
  await expect(application).toContainText(buyer.email);
  await auditPage(ops, "/ops/business");
  await application.getByRole("button", { name: `Approve ${company}` }).click();
  await expect(application).toHaveCount(0);
  expect(await priceLevel(page)).toBe("restaurant");

  // Outboxes: retry a failed email.
  await ops.goto("/ops/outboxes");
  const failed = ops.getByRole("listitem").filter({ hasText: "Failed ·" });
  const email = failed[pick]();
  await expect(email).toContainText("Last error: 421");
  const emailLabel = (await email.getAttribute("aria-label"))!;
  const emailId = emailLabel.replace(/^Emails #/, "");
  await auditPage(ops, "/ops/outboxes");
  await email.getByRole("button", { name: `Retry now #${emailId}` }).click();
  // The toast's text is also read out by its live region: the first is the one on screen.
  await expect(ops.getByText(`Email #${emailId} will be sent now`).first()).toBeVisible();

  // Payouts: mark a manual payout paid; the password is asked again first.
  await ops.goto("/ops/payouts");
  const payout = ops.getByRole("listitem").filter({ hasText: "Week to" })[pick]();
  const payoutId = (await payout.getAttribute("aria-label"))!.replace(/^Payout #/, "");
  await auditPage(ops, "/ops/payouts");
  await payout.getByRole("button", { name: `Mark paid payout #${payoutId}` }).click();
  await ops.getByLabel("Reference").fill(`EFT-${payoutId}-${testInfo.project.name}`);
  await ops.getByRole("button", { name: "Mark paid", exact: true }).click();
  await expect(ops.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
  await ops.getByLabel("Your password").fill(STAFF.password);
  await ops.getByRole("button", { name: "Confirm" }).click();
  await expect(ops.getByText(`Payout #${payoutId} marked paid`).first()).toBeVisible();
  await expect(ops.getByRole("listitem", { name: `Payout #${payoutId}` })).toHaveCount(0);

  // The audit log has all three, newest first, by this staff member.
  await ops.goto("/ops/audit");
  const entries = ops.getByRole("list", { name: "Audit entries" });
  await expect(entries).toContainText(`payout.mark_paid · payout:${payoutId}`);
  await expect(entries).toContainText(`email.retry · notification:${emailId}`);
  await expect(entries).toContainText(`business.approve · user:${buyer.user.id}`);
  await ops.getByLabel("Action").selectOption("payout.mark_paid");
  await ops.getByLabel("Target").fill(`payout:${payoutId}`);
  await ops.getByRole("button", { name: "Filter" }).click();
  await expect(entries.getByRole("listitem")).toHaveCount(1);
  await expect(entries).toContainText(`"reference":"EFT-${payoutId}-${testInfo.project.name}"`);
  await expect(entries).toContainText("Fieldfare Ops");
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
  await auditPage(page, "/ops");
  await page.goto("/ops/people");
  await page.getByLabel("Name or email").fill("demo@fieldfare.app");
  await page.getByRole("button", { name: "Search" }).click();
  await page
    .getByRole("button", { name: /^Open / })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Wallet ledger" })).toBeVisible();
  await auditPage(page, "/ops/people");
});
