import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { registerFresh, secondContext, SEEDED_FARMERS, signInSeeded, topUpByApi } from "./support";

/**
 * One clock (docs/fulfilment.md, "Time-zone data"): the buyer's "Placed …" and the farm's view of
 * the same order read the same time, the one Chromium's own, current, zone data gives, and no page
 * throws a hydration error. Node 20's data is older (British Columbia still on PST from November
 * 2026), so a time decided by Node's Intl was an hour behind the browser's.
 */

/** A context of this project's device in a zone and locale far from the farms': the text must not depend on them. */
function farAway(browser: Browser, testInfo: TestInfo) {
  return secondContext(browser, testInfo, { timezoneId: "Asia/Tokyo", locale: "fr-CA" });
}

/** Every console error and uncaught page error (React reports a hydration mismatch as one). */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test("the buyer's Placed time and the farm's view of the same order read the same clock, with no hydration error", async ({
  browser,
}, testInfo) => {
  // Farms of their own per project, which other specs only chat with.
  const farmer = testInfo.project.name === "desktop" ? SEEDED_FARMERS.kenji : SEEDED_FARMERS.claire;
  const farm = await farAway(browser, testInfo);
  const farmErrors = errorsOf(farm.page);
  await signInSeeded(farm.page, farmer);
  const { id: farmId } = (await (await farm.page.request.get("/api/my-farm")).json()) as {
    id: number;
  };
  const products = (await (await farm.page.request.get("/api/my-farm/products")).json()) as {
    id: number;
    stock: number;
    isHidden: boolean;
  }[];
  const product = products.find((p) => p.stock > 0 && !p.isHidden);
  expect(product, "an in-stock product").toBeTruthy();

  const buyer = await farAway(browser, testInfo);
  const buyerErrors = errorsOf(buyer.page);
  await registerFresh(buyer.page, "clock");
  await topUpByApi(buyer.page, 200);
  // A pickup slot: a delivery would need an address from the buyer's address book.
  const slots = (
    (await (await buyer.page.request.get(`/api/farms/${farmId}/slots`)).json()) as {
      slotId: string;
      kind: string;
    }[]
  ).filter((slot) => slot.kind === "pickup");
  const placed = await buyer.page.request.post("/api/orders", {
    data: {
      items: [{ productId: product!.id, quantity: 1 }],
      ...(slots[0] ? { fulfilment: { [farmId]: { slotId: slots[0].slotId } } } : {}),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { orders: { id: number }[] }).orders[0].id;
  const order = (await (await buyer.page.request.get(`/api/orders/${orderId}`)).json()) as {
    createdAt: string;
  };

  // What Chromium's own data (current: British Columbia on UTC−7 for good) says, whatever the
  // browser's zone and locale.
  await buyer.page.goto("/orders");
  const expected = await buyer.page.evaluate((iso) => {
    const at = new Date(iso);
    const part = (o: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat("en-US", { timeZone: "America/Vancouver", ...o })
        .format(at)
        .replace(/[\u202f\u00a0]/g, " ");
    return {
      date: part({ month: "short", day: "numeric", year: "numeric" }),
      time: part({ hour: "numeric", minute: "2-digit", hour12: true }),
    };
  }, order.createdAt);

  // The buyer: "Placed Nov 27, 2026, 9:44 AM" in the order's detail.
  const card = buyer.page.getByTestId("order-card").filter({ hasText: `Order #${orderId}` });
  await card.getByRole("button", { name: "Track Delivery" }).click();
  const detail = buyer.page.getByTestId("order-detail");
  await expect(detail).toContainText(`Placed ${expected.date}, ${expected.time}`);

  // The farm: "Nov 27, 2026, 9:44 AM" on the same order, rendered by the server and hydrated.
  await farm.page.goto("/my-farm/orders");
  const incoming = farm.page.getByTestId("incoming-order").filter({ hasText: `Order #${orderId}` });
  await expect(incoming).toContainText(`${expected.date}, ${expected.time}`);
  await expect(incoming.locator("time")).toHaveText(`${expected.date}, ${expected.time}`);

  expect(buyerErrors).toEqual([]);
  expect(farmErrors).toEqual([]);
  await buyer.context.close();
  await farm.context.close();
});
