import { expect, test, type Page } from "@playwright/test";
import { auditPage } from "./a11y";
import { setClock, wallTime } from "./clock";
import {
  createProductByApi,
  inviteFarmByApi,
  newAccount,
  registerFresh,
  secondContext,
  signIn,
  STAFF,
  topUpByApi,
} from "./support";

/**
 * Pickup and delivery (docs/fulfilment.md): a farmer sets up windows, a buyer orders from two
 * farms in one checkout, edits one order before its cutoff, and the farm's pack list shows it.
 * The whole story runs at fixed instants on both clocks (e2e/clock.ts) of every browser, each run
 * with two farms of its own (staff invite them), so whatever day and hour the suite runs the same
 * slots, cutoffs and days are expected.
 */

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });
const usd = (n: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(n);

/**
 * When the buyer orders (America/Vancouver wall clock) and the weekday both farms' windows are on
 * (0 = Sunday). Farm A picks up 9 am–1 pm and delivers 4–7 pm that day, each closing 2 hours
 * before. What follows: farm A's pickup day (the order's and the pack list's), that pickup's cutoff
 * as buyers read it, the farm's next-slot line, and how many slots its four-week preview lists.
 */
const INSTANTS = [
  {
    when: "on a weekday afternoon",
    at: "2026-12-01T13:45",
    weekday: 3,
    pickupDay: "2026-12-02",
    dayLabel: "Wed, Dec 2",
    cutoff: "Wed 7 am",
    nextSlot: "Order by Wed 7 am for Wed pickup",
    previewSlots: 8,
  },
  {
    when: "on a Saturday morning",
    at: "2026-12-05T08:30",
    weekday: 0,
    pickupDay: "2026-12-06",
    dayLabel: "Sun, Dec 6",
    cutoff: "Sun 7 am",
    nextSlot: "Order by Sun 7 am for Sun pickup",
    previewSlots: 8,
  },
  {
    // The day's pickup closed at 7 am: the order goes to next week's, while the day's delivery
    // (closing at 2 pm) is still open and comes first.
    when: "the hour after a cutoff",
    at: "2026-12-09T07:30",
    weekday: 3,
    pickupDay: "2026-12-16",
    dayLabel: "Wed, Dec 16",
    cutoff: "Wed 7 am",
    nextSlot: "Order by Wed 2 pm for Wed delivery",
    previewSlots: 7,
  },
];

for (const { when, at, weekday, pickupDay, dayLabel, cutoff, nextSlot, previewSlots } of INSTANTS) {
  test(`a farmer sets up pickup and delivery; a buyer orders one of each from two farms, edits one before its cutoff; the pack list shows it ${when}`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const origin = baseURL!;
    // Farm A's farmer on this page; farm B's farmer, the buyer and staff in browsers of their own,
    // each on the instant's clock before it opens anything.
    const [staff, farmerB, shopper] = await Promise.all(
      [0, 1, 2].map(() => secondContext(browser, testInfo)),
    );
    for (const p of [page, farmerB.page, shopper.page]) await setClock(p, wallTime(at), origin);
    await signIn(staff.page, STAFF.email, STAFF.password);
    const tag = `${testInfo.project.name} ${newAccount("fulfil").username}`;
    const [nameA, nameB] = [`Cooper Fields ${tag}`, `Gatehouse Acres ${tag}`];
    const farmA = { farmName: nameA, id: await inviteFarmByApi(staff.page, page, nameA) };
    const farmB = { farmName: nameB, id: await inviteFarmByApi(staff.page, farmerB.page, nameB) };
    await staff.context.close();
    // One product each, listed by their farmers.
    const a = { name: "Rainbow Carrots", price: 3.5, id: 0 };
    const b = { name: "Sungold Tomatoes", price: 4.25, id: 0 };
    a.id = await createProductByApi(page, a.name, a.price);
    b.id = await createProductByApi(farmerB.page, b.name, b.price);

    // Farm B: a pickup at its gate and a delivery to V1Y, on the same day (set through the API).
    const putB = await farmerB.page.request.put("/api/my-farm/fulfilment", {
      data: {
        timeZone: "America/Vancouver",
        minimumOrder: 0,
        pickupPoints: [{ name: "Farm gate", address: "Farm road" }],
        deliveryZones: [{ name: "Downtown", postalPrefixes: ["V1Y"], fee: 3 }],
        windows: [
          {
            kind: "pickup",
            weekday,
            start: "10:00",
            end: "12:00",
            cutoffHours: 2,
            pickupPointIndex: 0,
          },
          { kind: "delivery", weekday, start: "16:00", end: "19:00", cutoffHours: 2 },
        ],
      },
    });
    expect(putB.status(), await putB.text()).toBe(200);
    await farmerB.context.close();

    // Farm A's farmer sets up a pickup and a delivery window on My Farm → Fulfilment.
    await page.goto("/my-farm/fulfilment");
    await expect(page.getByRole("heading", { name: "Fulfilment", exact: true })).toBeVisible();
    await expect(page.getByTestId("slot-preview")).toContainText("No upcoming slots");
    // Each section saves on its own (a phone never scrolls the whole form to save one part).
    const saved = (name: string) =>
      expect(page.getByTestId(`ff-status-${name}`)).toContainText("Saved");
    await page.getByRole("button", { name: "Add pickup point" }).click();
    await page.locator("#pp-0-name").fill("Saturday market stall");
    await page.locator("#pp-0-address").fill("1876 Cooper Rd, Kelowna");
    await expect(page.getByTestId("ff-status-points")).toHaveText("Unsaved changes");
    await page.getByTestId("ff-save-points").click();
    await saved("points");
    await page.getByRole("button", { name: "Add delivery zone" }).click();
    await page.locator("#dz-0-name").fill("Downtown");
    await page.locator("#dz-0-prefixes").fill("v1y, V1W");
    await page.locator("#dz-0-fee").fill("4.50");
    await page.getByTestId("ff-save-zones").click();
    await saved("zones");
    await page.getByRole("button", { name: "Add pickup window" }).click();
    await page.locator("#w-0-day").selectOption(String(weekday));
    await page.locator("#w-0-start").fill("09:00");
    await page.locator("#w-0-end").fill("08:00");
    await page.locator("#w-0-cutoff").fill("2");
    await page.getByRole("button", { name: "Add delivery window" }).click();
    await page.locator("#w-1-day").selectOption(String(weekday));
    await page.locator("#w-1-cutoff").fill("2");
    // A refused field shows its message on that field, and nothing is sent.
    await page.getByTestId("ff-save-windows").click();
    await expect(page.locator("#w-0-end")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#w-0-end-error")).toHaveText("End must be after start");
    await expect(page.getByTestId("ff-error-windows")).toBeVisible();
    await auditPage(page, "/my-farm/fulfilment (a section refused)");
    await page.locator("#w-0-end").fill("13:00");
    await page.getByTestId("ff-save-windows").click();
    await saved("windows");
    await expect(page.locator("#w-0-end")).not.toHaveAttribute("aria-invalid", "true");
    // The minimum order saves alone: the other sections keep what they saved.
    await page.locator("#ff-minimum").fill("12");
    await page.getByTestId("ff-save-basics").click();
    await saved("basics");
    const settings = await (await page.request.get("/api/my-farm/fulfilment")).json();
    expect(settings).toMatchObject({ minimumOrder: 12 });
    expect(settings.windows).toHaveLength(2);
    expect(settings.pickupPoints).toHaveLength(1);
    // Back to no minimum, so the buyer's orders below are not held to it.
    await page.locator("#ff-minimum").fill("0");
    await page.getByTestId("ff-save-basics").click();
    await expect(page.getByTestId("ff-status-basics")).toContainText("Saved");
    // The preview lists the open slots of the next four weeks; the first pickup is the order's below.
    const preview = page.getByTestId("preview-slot");
    await expect(preview).toHaveCount(previewSlots);
    const firstPickup = preview.filter({ hasText: "Pickup at Saturday market stall" }).first();
    await expect(firstPickup).toContainText(`${dayLabel}, 9:00 am–1:00 pm`);
    await expect(firstPickup).toContainText(`Pickup at Saturday market stall · order by ${cutoff}`);
    await auditPage(page, "/my-farm/fulfilment");

    // The buyer: an address book entry, then one product from each farm.
    const shop = shopper.page;
    const buyer = await registerFresh(shop, "fulfil");
    await topUpByApi(shop, 200);
    await shop.goto("/profile/address");
    await expect(shop.getByTestId("addresses-empty")).toBeVisible();
    await auditPage(shop, "/profile/address (empty)");
    await shop.getByTestId("address-add").click();
    const dialog = shop.getByTestId("address-dialog");
    await dialog.getByLabel("Label").fill("Home");
    await dialog.getByLabel("Street address").fill("1450 Bernard Ave");
    await dialog.getByLabel("City").fill("Kelowna");
    await dialog.getByLabel("Postal code").fill("12345");
    await dialog.getByTestId("address-save").click();
    await expect(dialog.getByText("Enter a Canadian postal code like V1Y 2K3")).toBeVisible();
    await dialog.getByLabel("Postal code").fill("v1y 6n2");
    await dialog.getByTestId("address-save").click();
    await expect(toast(shop, "Address added")).toBeVisible();
    const entry = shop.getByTestId("address");
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText("Kelowna V1Y 6N2");
    await expect(entry).toContainText("Default");
    await auditPage(shop, "/profile/address");

    await shop.goto(`/products/${a.id}`);
    // In #main: while React reveals a streamed part, its copy in the stream's hidden holder is still in the document.
    await expect(shop.locator("#main").getByTestId("next-slot")).toContainText(nextSlot);
    await shop
      .getByRole("button", { name: `Add to cart: ${a.name}` })
      .first()
      .click();
    await expect(toast(shop, "Added to Cart")).toBeVisible();
    await shop.goto(`/farms/${farmB.id}`);
    await expect(shop.locator("#main").getByTestId("next-slot")).toContainText(
      "pickup · Pickup at Farm gate",
    );
    await shop.goto(`/products/${b.id}`);
    await shop
      .getByRole("button", { name: `Add to cart: ${b.name}` })
      .first()
      .click();
    await expect(toast(shop, "Added to Cart").last()).toBeVisible();

    // Checkout: farm A pickup (its soonest slot is chosen), farm B delivery to the default address.
    await shop.goto("/checkout");
    // By heading: "Use for all farms" names the other farm in its own section.
    const section = (name: string) =>
      shop.getByTestId("checkout-farm").filter({ has: shop.getByRole("heading", { name }) });
    const sectionA = section(farmA.farmName);
    const sectionB = section(farmB.farmName);
    await expect(sectionA.getByRole("radio", { name: "Pickup", exact: true })).toBeChecked();
    await expect(sectionA.getByTestId("slot-option").first().getByRole("radio")).toBeChecked();
    const slotA = sectionA.getByTestId("slot-option").first();
    await expect(slotA).toContainText(`${dayLabel}, 9:00 am–1:00 pm · order by ${cutoff}`);
    await expect(slotA).toContainText("Pickup at Saturday market stall");
    await expect(sectionB.getByRole("radio", { name: "Pickup", exact: true })).toBeChecked();
    await sectionB.getByRole("radio", { name: "Delivery", exact: true }).check();
    // "Use for all farms": farm A delivers to the same address too (its zones cover V1Y).
    await sectionB.getByTestId("use-for-all").click();
    await expect(sectionB.getByTestId("use-for-all-result")).toHaveText(
      `Delivery chosen at ${farmA.farmName}.`,
    );
    await expect(sectionA.getByRole("radio", { name: "Delivery", exact: true })).toBeChecked();
    await expect(sectionA.getByLabel("Deliver to")).toContainText("Home: 1450 Bernard Ave");
    await auditPage(shop, "/checkout (use for all farms)");
    // Farm A goes back to pickup on its own.
    await sectionA.getByRole("radio", { name: "Pickup", exact: true }).check();
    await expect(sectionB.getByTestId("use-for-all-result")).toHaveCount(0);
    await expect(sectionB.getByTestId("slot-option").first().getByRole("radio")).toBeChecked();
    await expect(sectionB.getByTestId("slot-option").first()).toContainText("4:00–7:00 pm");
    await expect(sectionB.getByLabel("Deliver to")).toContainText("Home: 1450 Bernard Ave");
    await expect(sectionB.getByTestId("delivery-fee")).toHaveText("Delivery $3.00");
    await expect(shop.getByTestId("checkout-fees")).toHaveText("$3.00");
    const total = Math.round((a.price + b.price + 3) * 100) / 100;
    await expect(shop.getByTestId("checkout-total")).toHaveText(usd(total));
    await auditPage(shop, "/checkout with slots");
    await shop.getByTestId("checkout-pay").click();
    await expect(toast(shop, "Order Placed")).toBeVisible();
    await expect(shop).toHaveURL(/\/orders$/);

    // Orders: each shows its slot and place; farm A's is edited before its cutoff.
    const active = shop.getByRole("tabpanel", { name: "Active" });
    const cardA = active.getByTestId("order-card").filter({ hasText: farmA.farmName });
    const cardB = active.getByTestId("order-card").filter({ hasText: farmB.farmName });
    await expect(cardB.getByTestId("order-fulfilment")).toContainText(
      "Delivery to 1450 Bernard Ave, Kelowna V1Y 6N2",
    );
    await expect(cardA.getByTestId("order-fulfilment")).toContainText(
      "Pickup at Saturday market stall",
    );
    await expect(cardA.getByTestId("order-editable")).toHaveText(`Editable until ${cutoff}`);
    // "Edit order" sits on the card before the cutoff (it used to hide inside Track Delivery).
    await cardA.getByRole("button", { name: "Edit order" }).click();
    const detail = shop.getByTestId("order-detail");
    await expect(detail.getByTestId("order-history")).toBeVisible();
    await expect(detail.getByTestId("order-edit")).toBeVisible();
    // Nothing scrolls sideways, on the phone least of all: Add, Remove and prices stay on screen.
    for (const box of [shop.locator("html"), detail]) {
      const { scroll, client, wide } = await box.evaluate((el) => {
        const right = el.getBoundingClientRect().left + el.clientWidth;
        // What sticks out, named, so a failure says where to look.
        const wide = [...el.querySelectorAll("*")]
          .filter((c) => c.getBoundingClientRect().right > right + 1)
          .slice(0, 5)
          .map((c) => `${c.tagName.toLowerCase()}.${c.className}`.slice(0, 120));
        return { scroll: el.scrollWidth, client: el.clientWidth, wide };
      });
      expect(scroll, `no sideways scroll; too wide: ${wide.join(" | ")}`).toBeLessThanOrEqual(
        client,
      );
    }
    const width = shop.viewportSize()!.width;
    for (const control of [
      detail.getByRole("button", { name: `Remove ${a.name}` }),
      detail.getByRole("button", { name: "Add", exact: true }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width, "within the screen's width").toBeLessThanOrEqual(width);
    }
    await detail.getByRole("button", { name: `More ${a.name}` }).click();
    await expect(detail.getByLabel(`Quantity of ${a.name}`)).toHaveValue("2");
    await detail.getByTestId("order-edit-save").click();
    await expect(toast(shop, `You paid ${usd(a.price)} more`)).toBeVisible();
    await expect(detail.getByTestId("order-detail-total")).toHaveText(usd(a.price * 2));
    await shop.keyboard.press("Escape");
    const wallet = await (await shop.request.get("/api/wallet")).json();
    expect(wallet.balance).toBeCloseTo(200 - total - a.price, 2);

    // Farm A: the dashboard files the order under its day, whose pack list lists it; the pack list
    // opens on that day by default too.
    await page.goto("/my-farm/orders");
    const dayGroup = page.getByTestId("incoming-date").filter({ hasText: buyer.fullName });
    await expect(dayGroup.getByRole("heading", { level: 3 })).toHaveText(dayLabel);
    await expect(dayGroup.getByTestId("incoming-slot")).toContainText(
      "9:00 am–1:00 pm · Pickup at Saturday market stall",
    );
    await dayGroup.getByRole("link", { name: /^Pack list/ }).click();
    await expect(page).toHaveURL(new RegExp(`/my-farm/pack-list\\?date=${pickupDay}$`));
    await page.goto("/my-farm/pack-list");
    await expect(page.locator("#pack-date")).toHaveValue(pickupDay);
    const packed = page.getByTestId("pack-order").filter({ hasText: buyer.fullName });
    await expect(packed).toContainText(`2 × ${a.name}`);
    await expect(packed).toContainText("Saturday market stall");
    await expect(page.getByTestId("harvest")).toContainText(a.name);
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      `/api/my-farm/pack-list?date=${pickupDay}&format=csv`,
    );
    await auditPage(page, "/my-farm/pack-list");
    await shopper.context.close();
  });
}
