import { expect, test, type Page } from "@playwright/test";
import { auditPage, expectNoAxeViolations, expectVisibleFocus } from "./a11y";
import { setClock, wallTime } from "./clock";
import {
  createProductByApi,
  inviteFarmByApi,
  newAccount,
  openSaturdayStall,
  orderByApi,
  registerFresh,
  secondContext,
  signIn,
  STAFF,
  topUpByApi,
} from "./support";

/**
 * My Farm → Today (docs/product.md): a farmer signs in on market morning and lands on the day's
 * handovers, starts packing in two taps from the login form, ticks and hands over. The farm's and
 * the ops console's screens carry their own header: no location, search or cart. A farm of the
 * test's own sells at a Saturday market from 08:00; the buyer orders on the Tuesday before (both
 * clocks set, e2e/clock.ts), so the same day is expected whatever day the suite runs.
 */
const ORDERED_AT = "2026-12-01T13:45";
const MARKET_DAY = "2026-12-05";
const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });

/** The shopper's header pieces are not on the page; the screens' owner and a way back to shopping are. */
async function expectWorkChrome(page: Page, title: string) {
  const header = page.locator("header").first();
  await expect(page.getByTestId("work-title")).toHaveText(title);
  await expect(page.getByTestId("back-to-shopping")).toHaveAttribute("href", "/home");
  await expect(page.getByTestId("cart-button")).toHaveCount(0);
  await expect(page.getByTestId("current-location")).toHaveCount(0);
  await expect(header.getByRole("search")).toHaveCount(0);
  await expect(page.getByPlaceholder("Search local farm products...")).toHaveCount(0);
  await expect(page.getByTestId("messages-button")).toBeVisible();
}

test("a farmer lands on Today, starts packing in two taps, ticks and hands over; farm and ops have their own header", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const origin = baseURL!;
  const [staff, claim, shopper] = await Promise.all([
    secondContext(browser, testInfo),
    secondContext(browser, testInfo),
    secondContext(browser, testInfo),
  ]);
  await setClock(claim.page, wallTime(ORDERED_AT), origin);
  await setClock(shopper.page, wallTime(ORDERED_AT), origin);

  // A new farm (staff invite it), its password, a Saturday market and two products.
  await signIn(staff.page, STAFF.email, STAFF.password);
  const farmName = `Today Acres ${testInfo.project.name} ${newAccount("today").username}`;
  const email = `${newAccount("today").username}@example.test`;
  const password = "market-morning-2026";
  const farmId = await inviteFarmByApi(staff.page, claim.page, farmName, "Oliver, BC", email);
  const chosen = await claim.page.request.post("/api/my-farm/password", {
    data: { password, confirmPassword: password },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  const farmer = (await (await claim.page.request.get("/api/user")).json()) as { id: number };
  await openSaturdayStall(claim.page);
  const carrots = await createProductByApi(claim.page, "Rainbow Carrots", 3);
  const eggs = await createProductByApi(claim.page, "Duck Eggs", 9, { unit: "dozen", stock: 3 });

  // The buyer orders for Saturday and writes to the farm.
  const buyer = await registerFresh(shopper.page, "today");
  await topUpByApi(shopper.page, 100);
  const orderId = (
    await orderByApi(shopper.page, farmId, [
      { productId: carrots, quantity: 2 },
      { productId: eggs, quantity: 1 },
    ])
  ).orders[0].id;
  const sent = await shopper.page.request.post("/api/messages", {
    data: { receiverId: farmer.id, content: "Could you keep the eggs aside until noon?" },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // Market morning, 08:05 on both clocks. Tap 1: Login; the farmer lands on Today.
  await setClock(page, wallTime(`${MARKET_DAY}T08:05`), origin);
  await page.goto("/auth");
  await page.getByLabel("Email or username").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/my-farm$/);
  const handovers = page.getByTestId("today-handovers");
  await expect(handovers.getByRole("heading", { name: "Due today" })).toBeVisible();
  await expect(page.getByTestId("handover-counts")).toHaveText(
    "1 order to hand over · 0 packed · 0 handed over",
  );
  const due = handovers.getByTestId("today-handover");
  await expect(due).toContainText(`#${orderId} · ${buyer.fullName}`);
  await expect(due).toContainText(
    "8:00 am–1:00 pm · Pickup at Saturday market stall, 1876 Cooper Rd, Kelowna",
  );
  const harvest = page.getByTestId("today-harvest").getByRole("listitem");
  await expect(harvest).toHaveCount(2);
  await expect(harvest.nth(0)).toContainText("Rainbow Carrots");
  await expect(harvest.nth(0)).toContainText("2 lb");
  await expect(harvest.nth(1)).toContainText("Duck Eggs");
  await expect(harvest.nth(1)).toContainText("1 dozen");
  const message = page.getByTestId("today-message");
  await expect(message).toContainText(`${buyer.fullName} · 1 new`);
  await expect(message).toContainText("Could you keep the eggs aside until noon?");
  await expect(message.getByRole("link", { name: `Reply to ${buyer.fullName}` })).toHaveAttribute(
    "href",
    `/messages/${buyer.user.id}`,
  );
  await expect(page.getByTestId("today-waiting")).toContainText("No changes waiting.");
  await expect(page.getByTestId("today-payout")).toContainText(
    "Nothing to pay out yet. What you earn from orders handed over is paid out weekly; the next payout day is Mon, Dec 7.",
  );
  await expectWorkChrome(page, farmName);
  await auditPage(page, "/my-farm (Today)");

  // Duck Eggs are low (2 of 3 left after the order): + counts one more, through the stock call.
  const low = page.getByTestId("today-low-stock").filter({ hasText: "Duck Eggs" });
  await expect(low.getByTestId("free-count")).toHaveText("2 free");
  await low.getByRole("button", { name: "One dozen more of Duck Eggs" }).click();
  await expect(low.getByTestId("free-count")).toHaveText("3 free");
  await expect
    .poll(async () => {
      const mine = (await (await page.request.get("/api/my-farm/products")).json()) as {
        id: number;
        stock: number;
      }[];
      return mine.find((p) => p.id === eggs)?.stock;
    })
    .toBe(3);

  // The header's way back to shopping is reached with the keyboard, just before Messages.
  await page.getByTestId("messages-button").focus();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByTestId("back-to-shopping")).toBeFocused();
  await expectVisibleFocus(page, "back to shopping");

  // Tap 2: Start packing opens the day's pack list.
  await handovers.getByRole("link", { name: "Start packing" }).click();
  await expect(page).toHaveURL(new RegExp(`/my-farm/pack-list\\?date=${MARKET_DAY}$`));
  // Two taps from the login form to packing.
  const card = page.getByTestId("pack-order").filter({ hasText: `#${orderId} ·` });
  await expect(card).toContainText(buyer.fullName);
  await expectWorkChrome(page, farmName);

  await card.getByLabel(`All packed for order #${orderId}`).check();
  for (const box of await card.getByRole("checkbox").all()) await expect(box).toBeChecked();
  await card.getByRole("button", { name: `Handed over order #${orderId}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Hand over order #${orderId} to ${buyer.fullName}?`);
  await dialog.getByRole("button", { name: "Handed over" }).click();
  await expect(toast(page, "Handed over")).toBeVisible();
  await expect(page.getByTestId("handed-over")).toContainText(`#${orderId} · ${buyer.fullName}`);

  // Back on Today the day is done.
  await page.goto("/my-farm");
  await expect(page.getByTestId("handover-counts")).toHaveText(
    "0 orders to hand over · 0 packed · 1 handed over",
  );
  await expect(handovers).toContainText("Everything due today is handed over.");

  // The ops console's header: "Ops", no shopper pieces, a way back to shopping.
  await staff.page.goto("/ops");
  await expectWorkChrome(staff.page, "Ops");
  await expectNoAxeViolations(staff.page, "/ops header");
  // A shopper's page keeps the shopper's header.
  await shopper.page.goto("/home");
  await expect(shopper.page.getByTestId("cart-button").first()).toBeVisible();
  await expect(shopper.page.getByTestId("work-title")).toHaveCount(0);

  await Promise.all([staff.context.close(), claim.context.close(), shopper.context.close()]);
});
