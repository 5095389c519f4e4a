import { expect, test } from "@playwright/test";
import { registerFresh, SEEDED_FARMERS } from "./support";

// The chat fills the space between the header and the bottom tab bar (mobile) without the page
// scrolling: the composer stays visible and is not covered by the tab bar.
test("chat layout keeps the composer on screen above the tab bar", async ({ page }, testInfo) => {
  await registerFresh(page, "msgl");
  // The chat with a farm (a shopper may write to any farm); nothing is sent.
  const suppliers = (await (await page.request.get("/api/suppliers?q=Luis")).json()) as {
    user: { id: number; fullName: string };
  }[];
  const farm = suppliers.find((s) => s.user.fullName === SEEDED_FARMERS.luis.fullName)!;
  await page.goto(`/messages/${farm.user.id}`);
  const composer = page.getByRole("textbox", { name: /^Message / });
  await expect(composer).toBeVisible();
  const viewport = page.viewportSize()!;
  const box = (await page.getByRole("button", { name: "Send message" }).boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const tabBar = page.getByTestId("tab-bar");
  if (await tabBar.isVisible()) {
    const bar = (await tabBar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
  }
  await page.screenshot({ path: testInfo.outputPath("chat.png") });
  await page.goto("/messages");
  await page.screenshot({ path: testInfo.outputPath("list.png") });
});
