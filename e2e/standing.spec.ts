import { expect, test } from "@playwright/test";
import { auditPage } from "./a11y";
import {
  copyStandingOrder,
  FARM_PASSWORD,
  listStandingOrders,
  SEEDED_RESTAURANTS,
  signIn,
  signInSeeded,
} from "./support";

/**
 * Standing orders (docs/restaurants.md): the seeded one of Bench Bistro is listed with its next
 * date; a restaurant of its own per project sets one up, pauses, resumes, skips the next week,
 * edits a quantity and cancels it from /standing-orders; a retail buyer is told what the page is for.
 */
test("a restaurant sees, pauses, resumes, skips, edits and cancels a standing order", async ({
  page,
}, testInfo) => {
  await signInSeeded(page, SEEDED_RESTAURANTS.olivia);
  const seeded = (await listStandingOrders(page))[0];
  expect(seeded, "the seeded standing order").toBeTruthy();
  await page.goto("/standing-orders");
  await expect(page.getByRole("heading", { name: "Standing orders", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: seeded.farmName })).toBeVisible();
  await expect(page.getByText(/^Next: /).first()).toBeVisible();
  await auditPage(page, "/standing-orders");

  // A restaurant of its own per project, so the two projects never touch the same standing order.
  await page.context().clearCookies();
  await signIn(
    page,
    testInfo.project.name === "desktop"
      ? "rafael.santos@restaurants.fieldfare.app"
      : "mei.lin@restaurants.fieldfare.app",
    FARM_PASSWORD,
  );
  const { id } = await copyStandingOrder(page, seeded);
  await page.goto("/standing-orders");
  const card = page
    .getByTestId("standing-order")
    .filter({ has: page.getByRole("heading", { name: seeded.farmName }) })
    .first();

  await card.getByRole("button", { name: "Pause" }).click();
  await expect(card.getByText("Paused: nothing is placed until you resume.")).toBeVisible();
  await card.getByRole("button", { name: "Resume" }).click();
  await expect(card.getByText(/^Next: /)).toBeVisible();
  await card.getByRole("button", { name: "Skip next" }).click();
  await expect(card.getByText(/^Skipping /)).toBeVisible();
  // Undo the skip: the week is placed after all, and its stock is held again at once.
  await card.getByRole("button", { name: "Undo skip" }).click();
  await expect(card.getByText(/^Next: /)).toBeVisible();
  await expect(card.getByRole("button", { name: "Skip next" })).toBeVisible();

  await card.getByRole("button", { name: "Edit quantities" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit quantities" });
  // Counted in cases: twice the seeded cases.
  const cases = Number(await dialog.getByRole("spinbutton").first().inputValue());
  await dialog
    .getByRole("spinbutton")
    .first()
    .fill(String(cases * 2));
  await auditPage(page, "/standing-orders (edit quantities)");
  await dialog.getByRole("button", { name: "Save quantities" }).click();
  await expect(dialog).toBeHidden();
  const mine = async () => (await listStandingOrders(page)).find((s) => s.id === id);
  expect((await mine())?.items[0].quantity).toBe(seeded.items[0].quantity * 2);
  await expect(card.getByText(new RegExp(`· ${cases * 2} cases? × \\d+ `))).toBeVisible();

  // Add a product: search the farm's products, pick one, say how many cases.
  await card.getByRole("button", { name: "Add a product" }).click();
  const add = page.getByRole("dialog", { name: "Add a product" });
  const choice = add.getByRole("radio").first();
  await expect(choice).toBeVisible();
  await auditPage(page, "/standing-orders (add a product)");
  const before = (await mine())!.items.length;
  await choice.check();
  await add.getByRole("spinbutton", { name: /Cases/ }).fill("2");
  await add.getByRole("button", { name: "Add to standing order" }).click();
  await expect(add).toBeHidden();
  await expect.poll(async () => (await mine())?.items.length).toBe(before + 1);

  await card.getByRole("button", { name: "Cancel standing order" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel standing order" }).click();
  await expect
    .poll(async () => (await listStandingOrders(page)).some((s) => s.id === id))
    .toBe(false);
});

test("a retail buyer is told standing orders are for business accounts", async ({ page }) => {
  await signIn(page);
  await page.goto("/standing-orders");
  await expect(
    page.getByRole("heading", { name: "Standing orders are for business accounts", level: 1 }),
  ).toBeVisible();
  await auditPage(page, "/standing-orders (retail buyer)");
});
