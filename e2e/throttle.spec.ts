import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectKept, fillLabelled } from "./support";

/**
 * A submission the server refuses with 429 (the per-email limit, FORM_LIMIT_PER_EMAIL_HOUR = 5,
 * reached for real through the API first) is never lost on the client: the form shows the
 * server's message in the form itself and keeps everything typed.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const LIMITED = "Too many submissions for this email address. Please try again later.";

async function useUpEmail(request: APIRequestContext, path: string, body: Record<string, string>) {
  for (let i = 0; i < 5; i++) {
    const res = await request.post(path, { data: body });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
  const refused = await request.post(path, { data: body });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
}

test.describe("refused submissions keep their input", () => {
  test("waitlist dialog: the 429 message shows in the form and every field keeps its value", async ({
    page,
  }) => {
    const person = {
      fullName: "Ben Grower",
      email: `ben-${unique()}@example.com`,
      companyName: "Ben's Farm",
      role: "farmer",
    };
    await useUpEmail(page.request, "/api/waitlist", person);
    await page.goto("/");
    await page.getByRole("button", { name: "Join as a Farmer" }).click();
    const dialog = page.getByTestId("waitlist-dialog");
    await expect(dialog.getByRole("combobox", { name: "Role" })).toHaveText(/Farmer\/Producer/);
    const typed = {
      "Full Name": person.fullName,
      Email: person.email,
      "Company Name": person.companyName,
    };
    await fillLabelled(dialog, typed);
    await dialog.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(dialog.getByTestId("submission-error")).toHaveText(LIMITED);
    await expect(dialog.getByRole("alert").filter({ hasText: LIMITED })).toBeVisible();
    await expectKept(dialog, typed);
    await expect(dialog.getByRole("combobox", { name: "Role" })).toHaveText(/Farmer\/Producer/);
  });

  test("contact form: the 429 message shows in the form and every field keeps its value", async ({
    page,
  }) => {
    const message = {
      fullName: "Sam Li",
      email: `sam-${unique()}@example.com`,
      subject: "Wholesale",
      message: "Do you deliver to Vernon?",
    };
    await useUpEmail(page.request, "/api/contact", message);
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    const typed = {
      "Full Name": message.fullName,
      Email: message.email,
      Subject: message.subject,
      Message: message.message,
    };
    await fillLabelled(form, typed);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByTestId("contact-error")).toHaveText(LIMITED);
    await expectKept(form, typed);
  });

  test("newsletter: the 429 message shows under the box and the address stays typed", async ({
    page,
  }) => {
    const email = `news-${unique()}@example.com`;
    await useUpEmail(page.request, "/api/newsletter", { email });
    await page.goto("/");
    const status = page.getByTestId("newsletter-status");
    const form = page.locator("form", { has: status });
    await fillLabelled(form, { "Email address": email });
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(status).toHaveText(LIMITED);
    await expectKept(form, { "Email address": email });
  });
});
