import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { registerFresh, topUpByApi } from "./support";

const toast = (page: Page) => page.getByTestId("toast");

async function openDialog(page: Page) {
  await page.getByTestId("topup-open").click();
  await expect(page.getByRole("dialog", { name: "Top Up Wallet" })).toBeVisible();
}

/** Registers a fresh buyer, tops their wallet up n times, $1 then $2 … then $n, so each row of the
 * history is told apart, and opens /wallet; its history rows. */
async function freshHistory(page: Page, tag: string, n: number) {
  await registerFresh(page, tag);
  for (let i = 1; i <= n; i++) await topUpByApi(page, i);
  await page.goto("/wallet");
  return page.getByTestId("transaction");
}

test.describe("wallet", () => {
  test("a new wallet, then a top-up with its toasts, a refreshed balance and history", async ({
    page,
  }) => {
    const account = await registerFresh(page, "wallet");
    await page.goto("/wallet");
    await expect(page.getByTestId("wallet-name")).toHaveText(account.fullName);
    await expect(page.getByTestId("wallet-id")).toHaveText(/^FF-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await expect(page.getByTestId("wallet-balance")).toHaveText("$0.00");
    await expect(page.getByText("No transactions yet.")).toBeVisible();
    expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);

    await openDialog(page);
    const amount = page.getByLabel("Amount (USD)");
    // Text, not type="number": Chromium drops a letter typed into a number field unseen.
    await expect(amount).toHaveAttribute("inputmode", "decimal");
    expect(
      (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations,
    ).toEqual([]);

    // The first top-up is held until the busy label has been seen; the server still does the work.
    const keys: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/transactions/topup", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      await held;
      await route.continue();
    });
    await amount.fill("25.50");
    await page.getByTestId("topup-submit").click();
    await expect(page.getByRole("button", { name: "Processing..." })).toBeVisible();
    release();
    await expect(toast(page).filter({ hasText: "Top Up Successful" })).toContainText(
      "$25.50 has been added to your wallet",
    );
    await expect(page.getByTestId("wallet-balance")).toHaveText("$25.50");
    const row = page.getByTestId("transaction").first();
    await expect(row.getByTestId("transaction-type")).toHaveText("Top-up");
    await expect(row.getByTestId("transaction-amount")).toHaveText("+$25.50");
    await expect(row.locator("time")).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/,
    );

    await openDialog(page);
    await page.getByLabel("Amount (USD)").fill("10");
    await page.getByTestId("topup-submit").click();
    await expect(page.getByTestId("wallet-balance")).toHaveText("$35.50");
    await expect(page.getByTestId("transaction")).toHaveCount(2);
    // Each submission carries its own key.
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  test("invalid amounts show 'Invalid Amount' and send nothing", async ({ page }) => {
    await registerFresh(page, "walletbad");
    await page.goto("/wallet");
    let calls = 0;
    await page.route("**/api/transactions/topup", (route) => {
      calls++;
      return route.continue();
    });
    await openDialog(page);
    for (const value of ["", "0", "-5", "1.001", "10000.01"]) {
      await page.getByLabel("Amount (USD)").fill(value);
      await page.getByTestId("topup-submit").click();
      const t = toast(page).filter({ hasText: "Invalid Amount" });
      await expect(t).toContainText("Please enter a valid amount");
      await expect(t).toHaveAttribute("data-variant", "destructive");
      await expect(page.getByLabel("Amount (USD)")).toHaveAttribute("aria-invalid", "true");
    }
    expect(calls).toBe(0);
    await expect(page.getByTestId("wallet-balance")).toHaveText("$0.00");
  });

  test("a letter in the amount is refused with its message and nothing is charged", async ({
    page,
  }) => {
    await registerFresh(page, "walletletter");
    await page.goto("/wallet");
    let calls = 0;
    await page.route("**/api/transactions/topup", (route) => {
      calls++;
      return route.continue();
    });
    await openDialog(page);
    const amount = page.getByLabel("Amount (USD)");
    // Typed key by key, as a person does: a letter O where a zero was meant.
    await amount.pressSequentially("2O");
    await expect(amount).toHaveValue("2O");
    await page.getByTestId("topup-submit").click();
    await expect(toast(page).filter({ hasText: "Invalid Amount" })).toContainText(
      "Please enter a valid amount",
    );
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("dialog").getByText("Please enter a valid amount")).toBeVisible();
    expect(calls).toBe(0);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("wallet-balance")).toHaveText("$0.00");
  });

  test("a top-up the server refuses shows 'Top Up Failed' with the server's message", async ({
    page,
  }) => {
    await registerFresh(page, "walletcap");
    // Fill the wallet to its $1,000,000.00 ceiling through the real API.
    for (let i = 0; i < 100; i++) await topUpByApi(page, 10000);
    await page.goto("/wallet");
    await expect(page.getByTestId("wallet-balance")).toHaveText("$1,000,000.00");
    await openDialog(page);
    await page.getByLabel("Amount (USD)").fill("5");
    await page.getByTestId("topup-submit").click();
    const t = toast(page).filter({ hasText: "Top Up Failed" });
    await expect(t).toContainText("a wallet can hold at most $1,000,000.00");
    await expect(page.getByTestId("wallet-balance")).toHaveText("$1,000,000.00");
  });

  test("the history shows 20 rows, then 'Load more' appends the older ones and moves focus to the first new row", async ({
    page,
  }) => {
    const rows = await freshHistory(page, "walletmore", 23);
    await expect(rows).toHaveCount(20);
    await expect(rows.first().getByTestId("transaction-amount")).toHaveText("+$23.00");

    // The next page is held until the loading state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/transactions?*cursor=*", async (route) => {
      await held;
      await route.continue();
    });
    const more = page.getByRole("button", { name: "Load more transactions" });
    // From the keyboard; pressed again only if the first press came before hydration (then nothing loads).
    await expect(async () => {
      await more.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("button", { name: "Loading..." })).toHaveAttribute(
        "aria-busy",
        "true",
        { timeout: 2_000 },
      );
    }).toPass();
    release();
    await expect(rows).toHaveCount(23);
    await expect(rows.last().getByTestId("transaction-amount")).toHaveText("+$1.00");
    await expect(rows.nth(20)).toBeFocused();
    await expect(page.getByTestId("load-more")).toHaveCount(0);
    expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);
  });

  test("a 'Load more' that fails says so and keeps the list; pressed again it loads, and a top-up fetches the pages shown again", async ({
    page,
  }) => {
    const rows = await freshHistory(page, "walletfail", 21);
    await expect(rows).toHaveCount(20);

    let fail = true;
    await page.route("**/api/transactions?*cursor=*", (route) =>
      fail
        ? route.fulfill({
            status: 503,
            contentType: "application/json",
            body: '{"message":"down","code":"internal"}',
          })
        : route.continue(),
    );
    const more = page.getByRole("button", { name: "Load more transactions" });
    // Pressed again only if the first press came before hydration (then nothing loads).
    await expect(async () => {
      await more.click();
      await expect(toast(page).filter({ hasText: "Could not load more" })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass();
    await expect(rows).toHaveCount(20);

    fail = false;
    await more.click();
    await expect(rows).toHaveCount(21);
    await expect(rows.nth(20)).toBeFocused();
    await expect(page.getByTestId("load-more")).toHaveCount(0);

    // After a top-up both pages are fetched again: the new row first, nothing lost at the end.
    await openDialog(page);
    await page.getByLabel("Amount (USD)").fill("100");
    await page.getByTestId("topup-submit").click();
    await expect(rows).toHaveCount(22);
    await expect(rows.first().getByTestId("transaction-amount")).toHaveText("+$100.00");
    await expect(rows.last().getByTestId("transaction-amount")).toHaveText("+$1.00");
  });
});
