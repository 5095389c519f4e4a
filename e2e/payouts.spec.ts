import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { auditPage } from "./a11y";
import { registerFresh, SEEDED_FARMERS, signInSeeded } from "./support";

// Margaret's farm, Sunny Slope Orchards: the seed pays its first week by e-transfer
// (prisma/seed/payouts.ts).
const MARGARET = SEEDED_FARMERS.margaret;

test("My Farm → Payouts: demo label, the paid payout, its PDF statement and CSV", async ({
  page,
}) => {
  await signInSeeded(page, MARGARET);
  await page.goto("/my-farm/payouts");
  await expect(page.getByRole("heading", { name: "Payouts", level: 2 })).toBeVisible();
  await expect(page.getByTestId("demo-payments")).toHaveText("Demo payments — no card is charged");
  await expect(page.getByRole("button", { name: "Set up payouts" })).toHaveCount(0);
  const list = page.getByTestId("payout-list");
  await expect(list.getByText("Paid", { exact: true }).first()).toBeVisible();
  await expect(list).toContainText("Ref E-TRANSFER-");
  const pdf = await page.request.get(
    (await list.getByRole("link", { name: "Statement" }).first().getAttribute("href"))!,
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const csv = await page.request.get(
    (await list.getByRole("link", { name: "CSV" }).first().getAttribute("href"))!,
  );
  expect((parse(await csv.text()) as string[][])[0]).toEqual(
    "orderId,buyer,completedAt,goods,fees,taxes,commission,adjustments,net".split(","),
  );
  await auditPage(page, "/my-farm/payouts");
});

test("the product form says what the farm keeps after the commission", async ({ page }) => {
  await signInSeeded(page, MARGARET);
  await page.goto("/my-farm/products/new");
  await page.getByLabel("Price (USD)").fill("12.50");
  await expect(page.getByTestId("product-price-net")).toHaveText(
    "You receive $11.50 after Fieldfare's 8 % commission",
  );
});

test("the wallet says demo payments charge no card", async ({ page }) => {
  await registerFresh(page, "demo-pay");
  await page.goto("/wallet");
  await expect(page.getByTestId("demo-payments")).toHaveText("Demo payments — no card is charged");
});
