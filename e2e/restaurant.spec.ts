import { expect, test, type Page } from "@playwright/test";
import { auditPage } from "./a11y";
import {
  FARM_PASSWORD,
  newAccount,
  runScript,
  SEEDED_RESTAURANTS,
  signIn,
  signInSeeded,
  skipUnlessPostgres,
  SEEDED_FARMERS,
} from "./support";

/**
 * Restaurant buyers end to end (docs/restaurants.md): a buyer applies, ops approve from the CLI,
 * the buyer sees restaurant prices in cases and sets up a standing order; the farmer gives credit
 * in My Farm → Customers; the buyer checks out on account; the standing order's occurrence is
 * placed on account; the farmer sees the placed order and the statement, the buyer the invoice.
 */
const FARMER = SEEDED_FARMERS.daniel.email;
const FARM = "Glenmore Valley Greens";
const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });

type Product = {
  id: number;
  name: string;
  price: number;
  priceLevel: string;
  caseSize: number;
  inStock: boolean;
  farm: { id: number; farmName: string };
};

test.describe("restaurant journey", () => {
  // Ops commands run beside the server against its database: PostgreSQL only (PGlite allows one process).
  skipUnlessPostgres("buyer:approve and the worker run");

  test("apply, approved from the CLI, cases, standing order, credit from the farm, on account, the farmer sees the order and the statement", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const a = newAccount("bistro");
    const company = `Bistro ${a.username.slice(-6)}`;
    expect(
      (
        await page.request.post("/api/register", {
          data: { ...a, fullName: "Casey Chef", confirmPassword: a.password },
        })
      ).status(),
    ).toBe(201);

    // Applies from Profile → Business account; ops approve from the command line.
    await page.goto("/profile/business");
    const form = page.getByRole("form", { name: "Apply for a business account" });
    await form.getByLabel("Company name").fill(company);
    await form.getByLabel("Business number").fill("123456789 RT0001");
    await form.getByLabel("Business address").fill("100 Water St, Kelowna, BC");
    await form.getByLabel("Postal code").fill("V1Y 9P4");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("business-status")).toHaveAttribute("data-status", "pending");
    expect((await runScript("scripts/buyer-approve.ts", "--", a.email)).stdout).toContain(
      `now buys as ${company}, a restaurant account.`,
    );
    await page.reload();
    await expect(page.getByTestId("business-status")).toHaveAttribute("data-status", "approved");

    // Nothing yet: each account page says how to get started.
    await page.goto("/standing-orders");
    await expect(page.getByRole("heading", { name: "No standing orders yet" })).toBeVisible();
    await expect(page.getByText('Open a past order and choose "Repeat every week"')).toBeVisible();
    await expect(page.getByRole("link", { name: "Your orders" })).toHaveAttribute(
      "href",
      "/orders",
    );
    await page.goto("/invoices");
    await expect(page.getByRole("heading", { name: "No invoices yet" })).toBeVisible();
    await expect(page.getByText('choose "On account" at checkout')).toBeVisible();

    // Restaurant prices by the case at the farm.
    const found = (await (
      await page.request.get(`/api/products/search?q=${encodeURIComponent(FARM)}&limit=50`)
    ).json()) as Product[];
    // The salad mix: in stock with room for three cases per buyer under the hoarding cap (prisma/seed-data/catalog.ts).
    const cased = found.find(
      (p) =>
        p.farm.farmName === FARM &&
        p.name === "Organic Salad Mix" &&
        p.inStock &&
        p.priceLevel === "restaurant" &&
        p.caseSize > 1,
    )!;
    expect(cased, "a product with a restaurant price and a case").toBeTruthy();
    await page.goto(`/products/${cased.id}`);
    await expect(page.getByTestId("price-level")).toContainText(
      `Restaurant price · sold by the case of ${cased.caseSize}`,
    );

    // A first order from the wallet, then "Repeat every week" on it.
    await page.request.post("/api/transactions/topup", { data: { amount: 500 } });
    await page
      .getByRole("button", { name: `Add to cart: ${cased.name}` })
      .first()
      .click();
    await page.goto("/checkout");
    await expect(page.getByTestId("checkout-payment")).toHaveCount(0); // no credit yet: the wallet only
    await page.getByTestId("checkout-pay").click();
    await expect(toast(page, "Order Placed")).toBeVisible();
    await expect(page).toHaveURL(/\/orders$/);
    await page
      .getByRole("tabpanel", { name: "Active" })
      .getByTestId("order-card")
      .filter({ hasText: FARM })
      .first()
      .getByRole("button", { name: "Track Delivery" })
      .click();
    await page
      .getByTestId("order-detail")
      .getByRole("button", { name: "Repeat every week" })
      .click();
    await expect(page).toHaveURL(/\/standing-orders$/);
    const [standing] = (await (await page.request.get("/api/standing-orders")).json()) as {
      id: number;
      farmName: string;
    }[];
    expect(standing.farmName).toBe(FARM);
    await expect(page.getByRole("heading", { name: FARM })).toBeVisible();

    // The farmer finds the new restaurant in My Farm → Customers and gives it credit.
    const as = async (email: string, password: string) => {
      await page.context().clearCookies();
      await signIn(page, email, password);
    };
    const farmerPage = page;
    await as(FARMER, FARM_PASSWORD);
    await farmerPage.goto("/my-farm/customers");
    await expect(
      farmerPage
        .getByRole("navigation", { name: "My Farm" })
        .getByRole("link", { name: "Customers" }),
    ).toHaveAttribute("aria-current", "page");
    const customer = farmerPage
      .getByTestId("customer")
      .filter({ has: farmerPage.getByRole("heading", { name: company }) });
    await expect(customer.getByTestId("customer-credit")).toHaveText("No credit line");
    await customer.getByRole("button", { name: `Give credit to ${company}` }).click();
    const dialog = farmerPage.getByRole("dialog", { name: `Credit for ${company}` });
    await dialog.getByLabel("Credit limit (USD)").fill("800");
    await auditPage(farmerPage, "/my-farm/customers (credit dialog)");
    await dialog.getByRole("button", { name: "Save limit" }).click();
    await expect(toast(farmerPage, "Credit Limit Saved")).toBeVisible();
    await expect(customer.getByTestId("customer-credit")).toHaveText(
      "Owes $0.00 of a $800.00 limit",
    );

    // The buyer checks out on account: nothing leaves the wallet.
    await as(a.email, a.password);
    const before = ((await (await page.request.get("/api/wallet")).json()) as { balance: number })
      .balance;
    await page.goto(`/products/${cased.id}`);
    await page
      .getByRole("button", { name: `Add to cart: ${cased.name}` })
      .first()
      .click();
    await page.goto("/checkout");
    const payment = page.getByTestId("checkout-payment");
    await expect(payment).toContainText("$800.00 of $800.00 available");
    // The credit covers the order, so checkout starts on account (one tap fewer for a chef).
    await expect(payment.getByRole("radio", { name: /On account/ })).toBeChecked();
    // "Repeat every week" from the cart: this farm's order also becomes a standing order.
    await page.getByTestId("checkout-repeat").check();
    await auditPage(page, "/checkout (on account)");
    await page.getByTestId("checkout-pay").click();
    // The first order is in the same slot: asked, and meant.
    const question = page.getByRole("alertdialog", { name: "Place another order?" });
    await expect(question).toContainText("You already have order #");
    await question.getByRole("button", { name: "Place another order" }).click();
    await expect(toast(page, "Order Placed")).toContainText("on account");
    await expect(toast(page, "Order Placed")).toContainText(
      `Standing order set up: ${FARM} every week, first one`,
    );
    await expect(page).toHaveURL(/\/standing-orders$/);
    expect(
      ((await (await page.request.get("/api/standing-orders")).json()) as unknown[]).length,
    ).toBe(2);
    expect(
      ((await (await page.request.get("/api/wallet")).json()) as { balance: number }).balance,
    ).toBe(before);

    // The week's occurrence falls due: the worker places it, on account (the buyer has credit there).
    await runScript("e2e/place-standing.ts", String(standing.id));
    type Order = {
      id: number;
      payment: string;
      statementId: number | null;
      farm: { farmName: string };
    };
    const orders = (await (await page.request.get("/api/orders?status=active")).json()) as Order[];
    const onAccount = orders.filter((o) => o.farm.farmName === FARM && o.payment === "account");
    expect(onAccount).toHaveLength(2);
    const statementId = onAccount[0].statementId!;
    expect(onAccount[1].statementId).toBe(statementId);

    // The farmer sees the placed order and the statement.
    await as(FARMER, FARM_PASSWORD);
    await farmerPage.goto("/my-farm/orders");
    for (const o of onAccount) {
      const card = farmerPage.getByTestId("incoming-order").filter({ hasText: `Order #${o.id}` });
      await expect(card).toBeVisible();
      await expect(card.getByTestId("incoming-on-account")).toHaveText("On account");
    }
    await farmerPage.goto("/my-farm/customers");
    const statement = customer.getByTestId("customer-statement");
    await expect(statement).toHaveCount(1);
    await expect(statement).toContainText("Open");
    await expect(statement).toContainText("2 orders");
    await expect(customer.getByTestId("customer-credit")).toContainText("of a $800.00 limit");
    await auditPage(farmerPage, "/my-farm/customers");
    const pdf = await farmerPage.request.get(`/api/invoices/${statementId}.pdf`);
    expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);

    // The buyer's Invoices page lists it, open (it cannot be paid before the month ends).
    await as(a.email, a.password);
    await page.goto("/invoices");
    const invoice = page.getByTestId("invoice").filter({ hasText: FARM });
    await expect(invoice).toContainText("Open");
    await expect(invoice.getByTestId("invoice-pay")).toHaveCount(0);
  });
});

test("a restaurant sees its overdue statement on Home and Wallet, pays it from the wallet; the PDF invoice opens", async ({
  page,
}, testInfo) => {
  await signInSeeded(page, SEEDED_RESTAURANTS.olivia);
  const desktop = testInfo.project.name === "desktop";
  if (desktop) {
    // The seeded statement is from two months ago: overdue until the desktop project pays it below.
    await page.goto("/home");
    const notice = page.getByTestId("overdue-notice");
    await expect(notice).toContainText("1 statement is overdue");
    await expect(notice).toContainText("to Glenmore Valley Greens");
    await auditPage(page, "/home (overdue notice)");
  }
  await page.goto("/wallet");
  if (desktop) await expect(page.getByTestId("overdue-notice")).toBeVisible();
  await page.getByRole("link", { name: "Invoices" }).first().click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole("heading", { name: "Invoices", level: 1 })).toBeVisible();
  const glenmore = page.getByTestId("invoice").filter({ hasText: "Glenmore Valley Greens" });
  await expect(glenmore.first()).toBeVisible();
  // The seeded overdue statement: a chef's reorder on account this month (e2e/journeys.spec.ts)
  // may list an open statement above it.
  const payable = desktop
    ? await glenmore
        .filter({ has: page.getByTestId("invoice-pay") })
        .first()
        .getAttribute("aria-labelledby")
    : null;
  const invoice = payable
    ? page.locator(`[data-testid="invoice"][aria-labelledby="${payable}"]`)
    : glenmore.first();
  const href = await invoice.getByRole("link", { name: /PDF invoice/ }).getAttribute("href");
  const pdf = await page.request.get(href!);
  expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  await auditPage(page, "/invoices");
  // The seeded statement is paid once: by the desktop project (the mobile one sees it paid or unpaid).
  if (!desktop) return;
  await invoice.getByTestId("invoice-pay").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("from your wallet");
  await auditPage(page, "/invoices (pay dialog)");
  await dialog.getByTestId("invoice-pay-confirm").click();
  await expect(toast(page, "Statement Paid")).toBeVisible();
  await expect(invoice).toContainText("Paid");
  await expect(invoice.getByTestId("invoice-due")).toHaveText("$0.00");
  const invoices = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/invoices");
  await page.goto("/home");
  const statements = (await (await invoices).json()) as { status: string }[];
  expect(statements.filter((s) => s.status === "overdue")).toEqual([]);
  await expect(page.getByTestId("overdue-notice")).toHaveCount(0);
});
