import { expect, test, type Page } from "@playwright/test";
import { auditPage, expectNoAxeViolations } from "./a11y";
import { setClock, wallTime } from "./clock";
import { FARM_PASSWORD, orderByApi, registerFresh, SEEDED_FARMERS, topUpByApi } from "./support";

/**
 * Each person's own way through the app, walked from the seeded demo data as they would: a farmer
 * at 6 am, a chef between services, a shopper on a phone. Tap counts are in the comments (typing
 * a field is not a tap). Other specs go deeper into each screen (pack-list, reorder, fulfilment);
 * these follow one person from signing in to done, on the desktop and at 390 px.
 */
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });

/** Signs in through the login form, as a person does (tap: Login). */
async function signInWithForm(page: Page, email: string, password = FARM_PASSWORD) {
  await page.goto("/auth");
  await page.getByLabel("Email or username").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

test("a farmer signs in and packs tomorrow's orders from the phone tabs", async ({
  page,
}, testInfo) => {
  // The seed's farmers with a restaurant's order on each of their next two handover days
  // (prisma/seed/pack-days.ts), one per project. Those days are reckoned from the moment the server
  // seeded, on the real clock, so this test keeps it: an order is ahead whatever the hour.
  const { email } =
    testInfo.project.name === "desktop" ? SEEDED_FARMERS.margaret : SEEDED_FARMERS.daniel;
  // Tap 1: Login. A farmer lands on My Farm, not the shopper's storefront.
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/my-farm$/);
  // Tap 2: Pack, on the phone's bottom tabs (the farm's own tabs on the desktop).
  if (isMobile(page)) await page.getByTestId("tab-bar").getByRole("link", { name: "Pack" }).click();
  else await page.getByRole("link", { name: "Pack list", exact: true }).first().click();
  await expect(page).toHaveURL(/\/my-farm\/pack-list$/);
  // It opens on the next handover day with orders: no date to type, no "Show".
  const order = page.getByTestId("pack-order").filter({ hasText: "James Porter" }).first();
  await expect(order).toBeVisible();
  await auditPage(page, "/my-farm/pack-list (the farmer's morning)");
  const heading = (await order.getByRole("heading").textContent()) ?? "";
  const id = Number(/#(\d+)/.exec(heading)?.[1]);
  expect(id, "the seeded order's number").toBeGreaterThan(0);

  // Tap 3: the first line; tap 4: the whole order.
  await order.getByRole("checkbox").first().check();
  await order.getByLabel(`All packed for order #${id}`).check();
  for (const box of await order.getByRole("checkbox").all()) await expect(box).toBeChecked();
  // Kept on the server: a reload (or the other phone in the shed) shows the same ticks.
  const date = await page.getByLabel("Day", { exact: true }).inputValue();
  await expect
    .poll(async () => {
      const list = (await (
        await page.request.get(`/api/my-farm/pack-list?date=${date}`)
      ).json()) as { orders: { id: number; packed: number[]; items: unknown[] }[] };
      const mine = list.orders.find((o) => o.id === id);
      return mine ? mine.packed.length === mine.items.length : false;
    })
    .toBe(true);
  await page.reload();
  await expect(
    page
      .getByTestId("pack-order")
      .filter({ hasText: `#${id} ·` })
      .getByLabel(`All packed for order #${id}`),
  ).toBeChecked();
  await expectNoAxeViolations(page, "/my-farm/pack-list (packed)");
  // 4 taps from signing in to a packed order.
});

test("a chef reorders last week's order in cases and pays on account", async ({ page }) => {
  test.setTimeout(180_000);
  // Bench Bistro (prisma/seed/account.ts): last week's order at Glenmore Valley Greens, and a
  // credit line there.
  const farmName = "Glenmore Valley Greens";
  // Tap 1: Login. Restaurants land on Home, with Reorder one tap away.
  await signInWithForm(page, "olivia.martin@restaurants.fieldfare.app");
  await expect(page).toHaveURL(/\/home$/);
  // A restaurant's cards say what a case costs and holds.
  await expect(page.getByTestId("product-case").first()).toHaveText(
    /^\$\d[\d,]*\.\d{2} \/ case of \d+ \S/,
  );
  // Tap 2: Reorder, on the tab bar (phone) or the rail (desktop).
  await page
    .getByTestId(isMobile(page) ? "tab-bar" : "nav-rail")
    .getByRole("link", { name: "Reorder", exact: true })
    .click();
  await expect(page).toHaveURL(/\/orders\?tab=completed$/);
  const panel = page.getByRole("tabpanel", { name: "Completed" });
  const card = panel.getByTestId("order-card").filter({ hasText: farmName }).first();
  await expect(card).toBeVisible();
  const lastWeek = Number(await card.getAttribute("data-order-id"));
  const order = (await (await page.request.get(`/api/orders/${lastWeek}`)).json()) as {
    createdAt: string;
    items: { productId: number; productName: string; quantity: number }[];
  };
  // The newest completed order there is last week's.
  expect(Date.now() - Date.parse(order.createdAt)).toBeLessThan(8 * 86_400_000);
  await auditPage(page, "/orders?tab=completed (the chef's Reorder)");

  // Tap 3: Order again puts its lines back in the cart and opens checkout.
  await card.getByRole("button", { name: `Order again from ${farmName}` }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const farm = page.getByTestId("checkout-farm").filter({ hasText: farmName });
  for (const item of order.items) await expect(farm).toContainText(item.productName);
  // Counted in cases: the cart's badge is the number of cases, not of units.
  let cases = 0;
  for (const i of order.items) {
    const p = (await (await page.request.get(`/api/products/${i.productId}`)).json()) as {
      caseSize: number;
    };
    expect(i.quantity % p.caseSize, "last week's order was in whole cases").toBe(0);
    cases += i.quantity / p.caseSize;
  }
  await expect(page.getByTestId("cart-count").first()).toHaveText(String(cases));
  // Last week's lines (prisma/seed/account.ts): 2 cases of 6 salad bags, 2 of 6 chard bunches.
  await expect(page.getByText("4 cases (24 items) from 1 farm")).toBeVisible();
  await expect(farm).toContainText(
    /Organic Salad Mix · 2 cases × 6 bags \(250 g\) @ \$\d+\.\d{2} \/ case/,
  );
  // On account by default: the farm gives Bench Bistro credit that covers it.
  const payment = page.getByTestId("checkout-payment").first();
  await expect(payment.getByRole("radio", { name: /On account/ })).toBeChecked();
  await expect(page.getByTestId("checkout-pay")).toContainText("on account");
  await auditPage(page, "/checkout (the chef's reorder, on account)");

  // Tap 4: Pay. Nothing leaves the wallet; the order is on this month's statement.
  const before = (await (await page.request.get("/api/wallet")).json()) as { balance: number };
  await page.getByTestId("checkout-pay").click();
  // Its standing order covers that Saturday (or an earlier run's reorder is there): asked first.
  const question = page.getByRole("alertdialog", { name: "Place another order?" });
  await expect(question).toContainText(
    new RegExp(
      `(You already have order #\\d+ for|Your standing order already covers) ${farmName}' \\w{3}, \\w{3} \\d+, \\d+:\\d{2} [ap]m pickup\\.`,
    ),
  );
  await auditPage(page, "/checkout (asked before a repeat order)");
  // Tap 5: yes, another one.
  await question.getByRole("button", { name: "Place another order" }).click();
  await expect(toast(page, "Order Placed")).toBeVisible();
  const after = (await (await page.request.get("/api/wallet")).json()) as { balance: number };
  expect(after.balance).toBe(before.balance);
  // The order says what it is: on account, not paid; counted in cases and the items in them.
  await expect(page).toHaveURL(/\/orders$/);
  // The confirmation on top: the number, on account, the slot, the lines in cases, the receipt and
  // the farm one tap away; focus is on it, so a screen reader reads it first.
  const confirmation = page.getByTestId("order-placed");
  await expect(confirmation.getByRole("heading", { level: 2 })).toBeFocused();
  await expect(confirmation.getByRole("heading", { level: 2 })).toHaveText(
    /^Order #\d+ is placed$/,
  );
  await expect(confirmation).toContainText(`${farmName} · On account`);
  await expect(confirmation).toContainText("Items (4 cases (24 items))");
  await expect(confirmation.getByTestId("order-receipt")).toHaveAttribute(
    "href",
    /^\/api\/orders\/\d+\/receipt\.pdf$/,
  );
  await expect(
    confirmation.getByRole("link", { name: `Message the farm ${farmName}` }),
  ).toBeVisible();
  await auditPage(page, "/orders with the order's confirmation");
  await confirmation.getByRole("button", { name: "Done" }).click();
  await expect(confirmation).toHaveCount(0);
  const placed = page
    .getByRole("tabpanel", { name: "Active" })
    .getByTestId("order-card")
    .filter({ hasText: farmName })
    .first();
  await expect(placed.getByTestId("order-badge")).toHaveText("On account");
  await expect(placed.getByTestId("order-items")).toHaveText("4 cases (24 items)");
  await placed.getByRole("button", { name: "Track Delivery" }).click();
  const detail = page.getByTestId("order-detail");
  await expect(detail.getByRole("heading", { name: "Items (4 cases (24 items))" })).toBeVisible();
  await expect(detail).toContainText(
    /Rainbow Swiss Chard · 2 cases × 6 bunches @ \$\d+\.\d{2} \/ case/,
  );
  await auditPage(page, "/orders (the chef's order on account)");
  // 5 taps from signing in to a paid reorder, one of them saying it is meant (~15 before "Order again").
});

test("a shopper edits an order at 390 px without scrolling sideways", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  // A shopper of their own with an order at a seeded farm's soonest pickup, on a Tuesday afternoon
  // on both clocks (e2e/clock.ts): Sunny Slope's stand, whose Thursday orders close Wednesday at
  // 6 am, so the cutoff is never a moment away however long the test takes.
  await setClock(page, wallTime("2026-12-01T13:45"), baseURL!);
  await registerFresh(page, "journey");
  await topUpByApi(page, 200);
  const search = (await (
    await page.request.get("/api/products/search?q=Honeycrisp&limit=10")
  ).json()) as { id: number; name: string; price: number; farmId: number; inStock: boolean }[];
  const product = search.find((p) => p.inStock)!;
  expect(product, "a seeded product in stock").toBeTruthy();
  const placed = await orderByApi(page, product.farmId, [{ productId: product.id, quantity: 1 }]);
  const id = placed.orders[0].id;

  // Tap 1: Orders (tab bar on the phone, rail on the desktop), once home greets the shopper by
  // name: the page is hydrated, so the tap is not lost to a page still starting up.
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: /^Welcome back, \S/, level: 1 })).toBeVisible();
  await page
    .getByTestId(isMobile(page) ? "tab-bar" : "nav-rail")
    .getByRole("link", { name: "Orders", exact: true })
    .click();
  await expect(page).toHaveURL(/\/orders/);
  const own = page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
  await expect(own.getByTestId("order-editable")).toHaveText("Editable until Wed 6 am");
  // Tap 2: "Edit order" sits on the card itself before the cutoff.
  await own.getByRole("button", { name: "Edit order" }).click();
  const dialog = page.getByTestId("order-detail");
  await expect(dialog.getByTestId("order-edit")).toBeVisible();
  // Neither the page nor the dialog scrolls sideways: Add, Remove and prices stay on screen.
  const widths = await page.evaluate(() => {
    const doc = document.scrollingElement!;
    const box = document.querySelector('[data-testid="order-detail"]')!;
    return {
      doc: [doc.scrollWidth, doc.clientWidth],
      dialog: [box.scrollWidth, box.clientWidth],
    };
  });
  expect(widths.doc[0], "the page does not scroll sideways").toBeLessThanOrEqual(widths.doc[1]);
  expect(widths.dialog[0], "the dialog does not scroll sideways").toBeLessThanOrEqual(
    widths.dialog[1],
  );
  const width = page.viewportSize()!.width;
  for (const control of [
    dialog.getByRole("button", { name: `More ${product.name}` }),
    dialog.getByRole("button", { name: `Remove ${product.name}` }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width, "within the screen's width").toBeLessThanOrEqual(width);
  }
  await expectNoAxeViolations(page, "Edit order dialog (the shopper's phone)");

  // Tap 3: one more; tap 4: Save. The difference is paid from the wallet.
  await dialog.getByRole("button", { name: `More ${product.name}` }).click();
  await expect(dialog.getByLabel(`Quantity of ${product.name}`)).toHaveValue("2");
  await dialog.getByTestId("order-edit-save").click();
  await expect(toast(page, "more")).toBeVisible();
  const after = (await (await page.request.get(`/api/orders/${id}`)).json()) as {
    items: { quantity: number }[];
    totalAmount: number;
  };
  expect(after.items[0].quantity).toBe(2);
  // The card behind the dialog has the new total already; the history says what changed.
  const total = `$${after.totalAmount.toFixed(2)}`;
  await expect(own.getByTestId("order-total")).toHaveText(total);
  const history = dialog.getByTestId("order-history").getByRole("listitem");
  await expect(history.last()).toContainText("Order changed");
  await expect(history.last()).toContainText(`Changed by the buyer: ${product.name} 1 → 2`);
  // 4 taps from the home screen to an edited order.
});
