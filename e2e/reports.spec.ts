import fs from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { wallDate } from "@/lib/tz";
import { auditPage } from "./a11y";
import { SEEDED_FARMERS, signInSeeded } from "./support";

/**
 * My Farm → Reports (docs/money.md, "Reports"): Naramata Bench Vineyards (registered for GST and
 * PST, seeded with weeks of wine sales) opens Reports, filters a period and downloads the tax
 * summary, whose figures are the page's.
 */
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
/**
 * The day `offsetDays` from today, YYYY-MM-DD, in the farm's zone, where the reports reckon their
 * days (the seeded sales are dated from the real day the server seeded, so the clock is not set).
 */
function day(offsetDays: number): string {
  const today = wallDate(Date.now(), "America/Vancouver")!.toISOString().slice(0, 10);
  return new Date(Date.parse(today) + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

test("a farmer opens Reports, filters a period and downloads the tax summary", async ({ page }) => {
  await signInSeeded(page, SEEDED_FARMERS.robert);
  await page.goto("/my-farm");
  const tab = page.getByRole("navigation", { name: "My Farm" }).getByRole("link", {
    name: "Reports",
  });
  await tab.click();
  await expect(page).toHaveURL(/\/my-farm\/reports/);
  await expect(tab).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Reports", level: 2 })).toBeVisible();

  // The first view arrives rendered, with charts and the tables beside them.
  await expect(page.getByRole("button", { name: "Last 4 weeks" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  for (const name of ["Sales by week", "Sales by product", "Sales by channel", "Top customers"]) {
    const card = page.getByRole("region", { name });
    await expect(card.getByRole("img", { name: new RegExp(`^${name}: bar chart`) })).toBeVisible();
    await expect(card.getByRole("table")).toBeVisible();
  }
  const channels = page.getByRole("table", { name: "Sales by channel" });
  await expect(channels.getByRole("row", { name: /Restaurants/ })).not.toContainText("$0.00");
  await expect(page.getByRole("table", { name: "Top customers by sales" })).toContainText(
    "(restaurant)",
  );
  await auditPage(page, "/my-farm/reports");

  // A period with no sales says so and still offers the tax summary.
  await page.getByLabel("From", { exact: true }).fill("2025-01-01");
  await page.getByLabel("To", { exact: true }).fill("2025-01-31");
  await page.getByRole("button", { name: "Show period" }).click();
  await expect(page.getByText("No sales in this period")).toBeVisible();
  await expect(page).toHaveURL(/from=2025-01-01&to=2025-01-31/);
  await expect(page.getByTestId("report-period")).toHaveText("Jan 1, 2025 – Jan 31, 2025");

  // A bad period is refused in place.
  await page.getByLabel("From", { exact: true }).fill("2025-02-10");
  await page.getByLabel("To", { exact: true }).fill("2025-02-01");
  await page.getByRole("button", { name: "Show period" }).click();
  await expect(page.locator("#report-period-error")).toHaveText(
    "The first day must not be after the last",
  );

  // The last three weeks: the seeded wine sales, with GST and PST collected.
  const from = day(-21);
  const to = day(0);
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Show period" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  const summary = page.getByRole("table", { name: "Tax summary for the period" });
  const pstRow = summary.getByRole("row", { name: /PST collected/ });
  await expect(pstRow).toBeVisible();
  const pst = (await pstRow.getByRole("cell").innerText()).replace(/[$,]/g, "");
  expect(Number(pst)).toBeGreaterThan(0);
  const sales = (await page.getByTestId("report-sales").innerText()).replace(/[$,]/g, "");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download tax summary (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`fieldfare-tax-summary-${from}-to-${to}.csv`);
  const csv = await fs.readFile((await download.path())!, "utf8");
  const rows = Object.fromEntries(parse(csv) as [string, string][]);
  expect(rows.figure).toBe("amount");
  expect(rows["Period from"]).toBe(from);
  expect(rows["Sales before tax"]).toBe(Number(sales).toFixed(2));
  expect(rows["PST collected (10 %)"]).toBe(Number(pst).toFixed(2));
  expect(Number(rows["GST collected (5 %)"])).toBeGreaterThan(0);

  // The accounting exports answer CSV with their import columns.
  const qbo = await page.request.get(
    (await page.getByRole("link", { name: "QuickBooks Online (CSV)" }).getAttribute("href"))!,
  );
  expect(qbo.headers()["content-type"]).toContain("text/csv");
  expect((parse(await qbo.text()) as string[][])[0].slice(0, 4)).toEqual([
    "InvoiceNo",
    "Customer",
    "InvoiceDate",
    "DueDate",
  ]);
  const xero = await page.request.get(
    (await page.getByRole("link", { name: "Xero (CSV)" }).getAttribute("href"))!,
  );
  expect((parse(await xero.text()) as string[][])[0][0]).toBe("*ContactName");

  if (isMobile(page)) await tab.scrollIntoViewIfNeeded();
  await auditPage(page, "/my-farm/reports (filtered)");
});
