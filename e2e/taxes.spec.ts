import { expect, test } from "@playwright/test";
import { auditPage } from "./a11y";
import { SEEDED_FARMERS, SEEDED_RESTAURANTS, signInSeeded } from "./support";

/**
 * Taxes end to end (docs/money.md, "Taxes"): a restaurant buys cider from Naramata Bench
 * Vineyards (registered for GST and PST) and vegetables from another farm, and sees each farm's
 * taxes at checkout before paying; the vineyard's farmer finds the farm's numbers in Farm profile.
 */

type Product = {
  id: number;
  name: string;
  price: number;
  unit: string;
  image: string;
  caseSize: number;
  inStock: boolean;
  taxClass: string;
  farm: { id: number; farmName: string };
};

const usd = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
const taxOf = (cents: number, bps: number) => Math.floor((cents * bps + 5000) / 10_000);

test("a restaurant sees GST and PST on the vineyard's cider and none on vegetables, per farm at checkout", async ({
  page,
}) => {
  await signInSeeded(page, SEEDED_RESTAURANTS.olivia);
  const search = async (q: string) =>
    (await (
      await page.request.get(`/api/products/search?q=${encodeURIComponent(q)}`)
    ).json()) as Product[];
  const cider = (await search("Bench Dry Cider")).find((p) => p.name === "Bench Dry Cider")!;
  expect(cider.taxClass).toBe("liquor");
  expect(cider.farm.farmName).toBe("Naramata Bench Vineyards");
  const veg = (await search("carrots")).find(
    (p) => p.taxClass === "zero" && p.inStock && p.farm.id !== cider.farm.id,
  )!;
  expect(veg).toBeTruthy();

  // The cart as the product pages leave it (one case of each), kept in localStorage.
  await page.goto("/home");
  await page.evaluate(
    (items) => window.localStorage.setItem("fieldfare.cart.v1", JSON.stringify(items)),
    [cider, veg].map((p) => ({ product: p, quantity: p.caseSize })),
  );
  await page.goto("/checkout");

  const wine = page.getByTestId("checkout-farm").filter({ hasText: "Naramata Bench Vineyards" });
  const greens = page.getByTestId("checkout-farm").filter({ hasText: veg.farm.farmName });
  const goods = Math.round(cider.price * 100) * cider.caseSize;
  await expect(wine.getByTestId("checkout-tax")).toHaveCount(2);
  await expect(wine.getByTestId("checkout-tax").nth(0)).toHaveText(
    `GST 5 %${usd(taxOf(goods, 500))}`,
  );
  await expect(wine.getByTestId("checkout-tax").nth(1)).toHaveText(
    `PST 10 %${usd(taxOf(goods, 1000))}`,
  );
  await expect(greens.getByTestId("checkout-tax")).toHaveCount(0);
  await expect(page.getByTestId("checkout-taxes")).toHaveText(
    usd(taxOf(goods, 500) + taxOf(goods, 1000)),
  );
  await auditPage(page, "/checkout with taxes");
});

test("the vineyard's farmer finds the farm's GST and PST numbers in Farm profile", async ({
  page,
}) => {
  await signInSeeded(page, SEEDED_FARMERS.robert);
  await page.goto("/my-farm/profile");
  await expect(page.getByLabel("GST/HST registration number (Optional)")).toHaveValue(
    "801234567 RT0001",
  );
  await expect(page.getByLabel("BC PST number (Optional)")).toHaveValue("PST-1234-5678");
  // A malformed number is refused next to its field, before anything is sent.
  await page.getByLabel("BC PST number (Optional)").fill("PST-12");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Enter the PST number like PST-1234-5678")).toBeVisible();
  await auditPage(page, "/my-farm/profile with taxes");
});
