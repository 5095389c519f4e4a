import { expect, test, type Page } from "@playwright/test";
import { auditPage } from "./a11y";
import { registerFresh, signInSeeded, SEEDED_RESTAURANTS } from "./support";

/**
 * A farm's fresh sheet and the Follow button (docs/restaurants.md, "Fresh sheet"): a shopper of
 * its own per project follows and unfollows Glenmore Valley Greens from its page; a restaurant
 * reads the sheet at its restaurant prices, by the case.
 */
const FARM = "Glenmore Valley Greens";
const CHEF = SEEDED_RESTAURANTS.james;

async function farmId(page: Page): Promise<number> {
  const found = (await (
    await page.request.get(`/api/products/search?q=${encodeURIComponent(FARM)}&limit=10`)
  ).json()) as { farm: { id: number; farmName: string } }[];
  const id = found.find((p) => p.farm.farmName === FARM)?.farm.id;
  expect(id, "the seeded farm").toBeTruthy();
  return id!;
}

test("a shopper follows a farm from its page and unfollows it", async ({ page }) => {
  await registerFresh(page, "follow");
  const id = await farmId(page);
  await page.goto(`/farms/${id}`);
  const follow = page.getByTestId("follow-farm");
  await expect(follow).toHaveText("Follow");
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await follow.click();
  await expect(follow).toHaveText("Following");
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("toast").filter({ hasText: `Following ${FARM}` })).toBeVisible();
  await auditPage(page, `/farms/${id} (following)`);

  await page.reload();
  await expect(page.getByTestId("follow-farm")).toHaveText("Following");
  await page.getByTestId("follow-farm").click();
  await expect(page.getByTestId("follow-farm")).toHaveText("Follow");
  await page.reload();
  await expect(page.getByTestId("follow-farm")).toHaveText("Follow");

  // The sheet is one link away; a retail shopper reads retail prices, by the unit.
  await page.getByRole("link", { name: "This week's fresh sheet" }).click();
  await expect(page.getByRole("heading", { name: `Fresh sheet: ${FARM}`, level: 1 })).toBeVisible();
  const salad = page.getByTestId("fresh-line").filter({ hasText: "Organic Salad Mix" });
  await expect(salad).toContainText("$6.99 / 250 g bag");
  await expect(salad.getByRole("cell").last()).toHaveText("250 g bag");
});

test("a restaurant reads the fresh sheet at its prices, by the case", async ({ page }) => {
  await signInSeeded(page, CHEF);
  const id = await farmId(page);
  await page.goto(`/farms/${id}/fresh-sheet`);
  await expect(page.getByText("Available this week, at your restaurant prices.")).toBeVisible();
  const salad = page.getByTestId("fresh-line").filter({ hasText: "Organic Salad Mix" });
  await expect(salad.getByRole("cell").last()).toHaveText("Case of 6");
  await expect(salad).not.toContainText("$6.99");
  await auditPage(page, `/farms/${id}/fresh-sheet`);
});
