import { expect, test } from "@playwright/test";
import { auditPage } from "./a11y";
import {
  createProductByApi,
  inviteFarmByApi,
  newAccount,
  openSaturdayStall,
  registerFresh,
  secondContext,
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
