import { expect, test } from "@playwright/test";
import { auditPage, expectVisibleFocus } from "./a11y";
import {
  createProductByApi,
  openProfileSection,
  orderByApi,
  registerFresh,
  secondContext,
  SEEDED_FARMERS,
  signInSeeded,
  unsubscribeTokenFor as tokenFor,
  topUpByApi,
} from "./support";

test("Profile → Notification: email switches, saved at once with a toast, by keyboard, kept after a reload", async ({
  page,
}) => {
  await registerFresh(page, "notify");
  await openProfileSection(page, "Notification", /\/profile\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();

  const receipts = page.getByRole("switch", { name: "Order receipts" });
  await expect(receipts).toHaveAttribute("aria-checked", "true");
  // A shopper sees no farm or standing-order switches.
  await expect(page.getByRole("switch", { name: "New orders for my farm" })).toHaveCount(0);
  await expect(page.getByRole("switch", { name: "Cutoff reminders" })).toHaveCount(0);
  await auditPage(page, "/profile/notifications");

  // By keyboard from the back link: Tab reaches the first switch, Space flips it.
  await page.getByRole("main").getByRole("link", { name: "Profile", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(receipts).toBeFocused();
  await expectVisibleFocus(page, "the Order receipts switch");
  await page.keyboard.press("Space");
  await expect(
    page.getByTestId("toast").filter({ hasText: "Notification settings saved" }),
  ).toContainText("Order receipts: off");
  await expect(receipts).toHaveAttribute("aria-checked", "false");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("switch", { name: "Cancelled orders" })).toBeFocused();

  await page.reload();
  await expect(page.getByRole("switch", { name: "Order receipts" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  expect(
    (await (await page.request.get("/api/notification-preferences")).json()).email.order_placed,
  ).toBe(false);
});

test("the unsubscribe link works signed out; a forged one is a 404 page", async ({
  page,
  browser,
}, testInfo) => {
  const { user } = await registerFresh(page, "unsub");
  const { context: signedOut, page: visitor } = await secondContext(browser, testInfo);
  const token = tokenFor(user.id, "unread_messages");

  const forged = await visitor.goto(
    `/unsubscribe/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
  );
  expect(forged!.status()).toBe(404);

  // The List-Unsubscribe URL itself, opened in a browser, lands on the confirm page.
  await visitor.goto(`/api/unsubscribe/${token}`);
  await expect(visitor).toHaveURL(new RegExp(`/unsubscribe/${token.replace(/[.]/g, "\\.")}$`));
  await expect(
    visitor.getByRole("heading", { level: 1, name: "Unsubscribe from “Unread messages”" }),
  ).toBeVisible();
  await auditPage(visitor, "/unsubscribe/[token]");
  expect(
    (await (await page.request.get("/api/notification-preferences")).json()).email.unread_messages,
  ).toBe(true);

  await visitor.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitor.getByRole("status")).toHaveText(
    "You are unsubscribed: no more “Unread messages” emails.",
  );
  await auditPage(visitor, "/unsubscribe/[token] done");
  expect(
    (await (await page.request.get("/api/notification-preferences")).json()).email.unread_messages,
  ).toBe(false);
  await signedOut.close();
});

test("the buyer's order list updates live when the farm changes the order (no reload)", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const farmer = testInfo.project.name === "mobile" ? SEEDED_FARMERS.priya : SEEDED_FARMERS.hannah;
  const { context: farmContext, page: farm } = await secondContext(browser, testInfo);
  await signInSeeded(farm, farmer);
  const { id: farmId } = (await (await farm.request.get("/api/my-farm")).json()) as { id: number };
  const productId = await createProductByApi(farm, `Live carrots ${Date.now().toString(36)}`, 12);

  await registerFresh(page, "live");
  await topUpByApi(page, 100);
  const orderId = (await orderByApi(page, farmId, [{ productId, quantity: 4 }])).orders[0].id;
  const itemId = (
    (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { items: { id: number }[] }
  ).items[0].id;

  await page.goto("/orders");
  const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  await expect(card).toContainText("4 items");

  // The farm short-picks (applied at once): the buyer's open list follows without a reload.
  const adjusted = await farm.request.post(`/api/my-farm/orders/${orderId}/adjustments`, {
    data: { lines: [{ itemId, quantity: 1 }] },
  });
  expect(adjusted.status(), await adjusted.text()).toBe(201);
  await expect(card).toContainText("1 item", { timeout: 30_000 });
  await farmContext.close();
});
