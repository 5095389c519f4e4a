import { expect, test, type Page } from "@playwright/test";
import { wallDate } from "@/lib/tz";
import { auditPage } from "./a11y";
import { registerFresh, SEEDED_FARMERS, signInSeeded, topUpByApi } from "./support";

type Product = { id: number; name: string; price: number; inStock: boolean; farmId: number };
type Farm = { id: number; farmName: string };

const ZONE = "America/Vancouver";
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });
const usd = (n: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(n);

/** Tomorrow in the farms' zone: its weekday (0 = Sunday) and YYYY-MM-DD, as the server reckons them. */
function tomorrow() {
  const wall = wallDate(Date.now() + 24 * 3600 * 1000, ZONE)!;
  return { weekday: wall.getUTCDay(), date: wall.toISOString().slice(0, 10) };
}

const EMPTY = { timeZone: ZONE, minimumOrder: 0, pickupPoints: [], deliveryZones: [], windows: [] };

async function farmOf(page: Page): Promise<Farm> {
  const res = await page.request.get("/api/my-farm");
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

async function productOf(page: Page, farm: Farm): Promise<Product> {
  const res = await page.request.get(
    `/api/products/search?q=${encodeURIComponent(farm.farmName)}&limit=50`,
  );
  expect(res.ok()).toBe(true);
  const product = ((await res.json()) as Product[]).find((p) => p.farmId === farm.id && p.inStock);
  expect(product, `an in-stock product of ${farm.farmName}`).toBeTruthy();
  return product!;
}

test("a farmer sets up pickup and delivery; a buyer orders one of each from two farms, edits one before its cutoff; the pack list shows it", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  // Farms of their own per project, which other specs only chat with: no other spec buys there
  // while this one rewrites their windows (the popular list's farms stay as seeded).
  const [farmerA, farmerB] =
    testInfo.project.name === "desktop"
      ? [SEEDED_FARMERS.evelyn, SEEDED_FARMERS.tom]
      : [SEEDED_FARMERS.luis, SEEDED_FARMERS.hannah];
  const day = tomorrow();

  // Farm B: a pickup at its gate and a delivery to V1Y, both tomorrow (set through the API; pickup
  // stays the first choice, as for every seeded farm, so other specs' checkouts are unchanged).
  await signInSeeded(page, farmerB);
  const farmB = await farmOf(page);
  const putB = await page.request.put("/api/my-farm/fulfilment", {
    data: {
      ...EMPTY,
      pickupPoints: [{ name: "Farm gate", address: "Farm road" }],
      deliveryZones: [{ name: "Downtown", postalPrefixes: ["V1Y"], fee: 3 }],
      windows: [
        {
          kind: "pickup",
          weekday: day.weekday,
          start: "10:00",
          end: "12:00",
          cutoffHours: 2,
          pickupPointIndex: 0,
        },
        { kind: "delivery", weekday: day.weekday, start: "16:00", end: "19:00", cutoffHours: 2 },
      ],
    },
  });
  expect(putB.status(), await putB.text()).toBe(200);

  // Farm A's farmer sets up a pickup and a delivery window on My Farm → Fulfilment.
  await signInSeeded(page, farmerA);
  const farmA = await farmOf(page);
  expect((await page.request.put("/api/my-farm/fulfilment", { data: EMPTY })).status()).toBe(200);
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
  await page.locator("#w-0-day").selectOption(String(day.weekday));
  await page.locator("#w-0-start").fill("09:00");
  await page.locator("#w-0-end").fill("08:00");
  await page.locator("#w-0-cutoff").fill("2");
  await page.getByRole("button", { name: "Add delivery window" }).click();
  await page.locator("#w-1-day").selectOption(String(day.weekday));
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
  const preview = page.getByTestId("preview-slot");
  await expect(preview.first()).toContainText("Pickup at Saturday market stall");
  expect(await preview.count()).toBeGreaterThanOrEqual(8);
  await auditPage(page, "/my-farm/fulfilment");

  // The buyer: an address book entry, then one product from each farm.
  const buyer = await registerFresh(page, "fulfil");
  await topUpByApi(page, 200);
  await page.goto("/profile/address");
  await expect(page.getByTestId("addresses-empty")).toBeVisible();
  await auditPage(page, "/profile/address (empty)");
  await page.getByTestId("address-add").click();
  const dialog = page.getByTestId("address-dialog");
  await dialog.getByLabel("Label").fill("Home");
  await dialog.getByLabel("Street address").fill("1450 Bernard Ave");
  await dialog.getByLabel("City").fill("Kelowna");
  await dialog.getByLabel("Postal code").fill("12345");
  await dialog.getByTestId("address-save").click();
  await expect(dialog.getByText("Enter a Canadian postal code like V1Y 2K3")).toBeVisible();
  await dialog.getByLabel("Postal code").fill("v1y 6n2");
  await dialog.getByTestId("address-save").click();
  await expect(toast(page, "Address added")).toBeVisible();
  const entry = page.getByTestId("address");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Kelowna V1Y 6N2");
  await expect(entry).toContainText("Default");
  await auditPage(page, "/profile/address");

  const a = await productOf(page, farmA);
  const b = await productOf(page, farmB);
  await page.goto(`/products/${a.id}`);
  // In #main: while React reveals a streamed part, its copy in the stream's hidden holder is still in the document.
  await expect(page.locator("#main").getByTestId("next-slot")).toContainText(
    /^Order by \w{3} \d{1,2}(:\d\d)? [ap]m for \w{3} pickup/,
  );
  await page
    .getByRole("button", { name: `Add to cart: ${a.name}` })
    .first()
    .click();
  await expect(toast(page, "Added to Cart")).toBeVisible();
  await page.goto(`/farms/${farmB.id}`);
  await expect(page.locator("#main").getByTestId("next-slot")).toContainText(
    "pickup · Pickup at Farm gate",
  );
  await page.goto(`/products/${b.id}`);
  await page
    .getByRole("button", { name: `Add to cart: ${b.name}` })
    .first()
    .click();
  await expect(toast(page, "Added to Cart").last()).toBeVisible();

  // Checkout: farm A pickup (its soonest slot is chosen), farm B delivery to the default address.
  await page.goto("/checkout");
  // By heading: "Use for all farms" names the other farm in its own section.
  const section = (name: string) =>
    page.getByTestId("checkout-farm").filter({ has: page.getByRole("heading", { name }) });
  const sectionA = section(farmA.farmName);
  const sectionB = section(farmB.farmName);
  await expect(sectionA.getByRole("radio", { name: "Pickup", exact: true })).toBeChecked();
  await expect(sectionA.getByTestId("slot-option").first().getByRole("radio")).toBeChecked();
  await expect(sectionA.getByTestId("slot-option").first()).toContainText("Saturday market stall");
  await expect(sectionB.getByRole("radio", { name: "Pickup", exact: true })).toBeChecked();
  await sectionB.getByRole("radio", { name: "Delivery", exact: true }).check();
  // "Use for all farms": farm A delivers to the same address too (its zones cover V1Y).
  await sectionB.getByTestId("use-for-all").click();
  await expect(sectionB.getByTestId("use-for-all-result")).toHaveText(
    `Delivery chosen at ${farmA.farmName}.`,
  );
  await expect(sectionA.getByRole("radio", { name: "Delivery", exact: true })).toBeChecked();
  await expect(sectionA.getByLabel("Deliver to")).toContainText("Home: 1450 Bernard Ave");
  await auditPage(page, "/checkout (use for all farms)");
  // Farm A goes back to pickup on its own.
  await sectionA.getByRole("radio", { name: "Pickup", exact: true }).check();
  await expect(sectionB.getByTestId("use-for-all-result")).toHaveCount(0);
  await expect(sectionB.getByTestId("slot-option").first().getByRole("radio")).toBeChecked();
  await expect(sectionB.getByTestId("slot-option").first()).toContainText("4:00–7:00 pm");
  await expect(sectionB.getByLabel("Deliver to")).toContainText("Home: 1450 Bernard Ave");
  await expect(sectionB.getByTestId("delivery-fee")).toHaveText("Delivery $3.00");
  await expect(page.getByTestId("checkout-fees")).toHaveText("$3.00");
  const total = Math.round((a.price + b.price + 3) * 100) / 100;
  await expect(page.getByTestId("checkout-total")).toHaveText(usd(total));
  await auditPage(page, "/checkout with slots");
  await page.getByTestId("checkout-pay").click();
  await expect(toast(page, "Order Placed")).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);

  // Orders: each shows its slot and place; farm A's is edited before its cutoff.
  const active = page.getByRole("tabpanel", { name: "Active" });
  const cardA = active.getByTestId("order-card").filter({ hasText: farmA.farmName });
  const cardB = active.getByTestId("order-card").filter({ hasText: farmB.farmName });
  await expect(cardB.getByTestId("order-fulfilment")).toContainText(
    "Delivery to 1450 Bernard Ave, Kelowna V1Y 6N2",
  );
  await expect(cardA.getByTestId("order-fulfilment")).toContainText(
    "Pickup at Saturday market stall",
  );
  await expect(cardA.getByTestId("order-editable")).toContainText(/^Editable until \w{3} /);
  // "Edit order" sits on the card before the cutoff (it used to hide inside Track Delivery).
  await cardA.getByRole("button", { name: "Edit order" }).click();
  const detail = page.getByTestId("order-detail");
  await expect(detail.getByTestId("order-history")).toBeVisible();
  await expect(detail.getByTestId("order-edit")).toBeVisible();
  // Nothing scrolls sideways, on the phone least of all: Add, Remove and prices stay on screen.
  for (const box of [page.locator("html"), detail]) {
    const { scroll, client, wide } = await box.evaluate((el) => {
      const right = el.getBoundingClientRect().left + el.clientWidth;
      // What sticks out, named, so a failure says where to look.
      const wide = [...el.querySelectorAll("*")]
        .filter((c) => c.getBoundingClientRect().right > right + 1)
        .slice(0, 5)
        .map((c) => `${c.tagName.toLowerCase()}.${c.className}`.slice(0, 120));
      return { scroll: el.scrollWidth, client: el.clientWidth, wide };
    });
    expect(scroll, `no sideways scroll; too wide: ${wide.join(" | ")}`).toBeLessThanOrEqual(client);
  }
  const width = page.viewportSize()!.width;
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
  await expect(toast(page, `You paid ${usd(a.price)} more`)).toBeVisible();
  await expect(detail.getByTestId("order-detail-total")).toHaveText(usd(a.price * 2));
  await page.keyboard.press("Escape");
  const wallet = await (await page.request.get("/api/wallet")).json();
  expect(wallet.balance).toBeCloseTo(200 - total - a.price, 2);

  // Farm A: the dashboard files the order under its day, whose pack list lists it; the pack list
  // opens on that day by default too.
  await signInSeeded(page, farmerA);
  await page.goto("/my-farm/orders");
  const dayGroup = page.getByTestId("incoming-date").filter({ hasText: buyer.fullName });
  await expect(dayGroup.getByTestId("incoming-slot")).toContainText(
    "9:00 am–1:00 pm · Pickup at Saturday market stall",
  );
  await dayGroup.getByRole("link", { name: /^Pack list/ }).click();
  await expect(page).toHaveURL(new RegExp(`/my-farm/pack-list\\?date=${day.date}$`));
  await page.goto("/my-farm/pack-list");
  await expect(page.locator("#pack-date")).toHaveValue(day.date);
  const packed = page.getByTestId("pack-order").filter({ hasText: buyer.fullName });
  await expect(packed).toContainText(`2 × ${a.name}`);
  await expect(packed).toContainText("Saturday market stall");
  await expect(page.getByTestId("harvest")).toContainText(a.name);
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
    "href",
    `/api/my-farm/pack-list?date=${day.date}&format=csv`,
  );
  await auditPage(page, "/my-farm/pack-list");
});
