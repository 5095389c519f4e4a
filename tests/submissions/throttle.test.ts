import { describe, expect, it } from "vitest";
import { POST as contactPOST } from "@/app/api/contact/route";
import { POST as demoPOST } from "@/app/api/demo-requests/route";
import { POST as newsletterPOST } from "@/app/api/newsletter/route";
import { POST as waitlistPOST } from "@/app/api/waitlist/route";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";
import { withEnv } from "../support/env";
import { captureConsole } from "../support/console";

let seq = 0;
const freshIp = () => `10.61.${Math.floor(seq / 250)}.${seq++ % 250}`;
const email = (tag: string) => `${tag}-${Date.now().toString(36)}-${seq++}@example.test`;

/** One public form: how to build a valid body for an email, and how many rows it stored for that email. */
type Form = {
  name: string;
  path: string;
  handler: typeof waitlistPOST;
  body: (email: string) => Record<string, unknown>;
  stored: (emails: string[]) => Promise<number>;
};
/** Mara applies through the waitlist and asks for a demo with the same details. */
const mara = (email: string) => ({ fullName: "Mara Okafor", email, companyName: "Green Acre" });
const forms: Form[] = [
  {
    name: "waitlist",
    path: "/api/waitlist",
    handler: waitlistPOST,
    body: (e) => ({ ...mara(e), role: "farmer" }),
    stored: (emails) => db.waitlistEntry.count({ where: { email: { in: emails } } }),
  },
  {
    name: "demo request",
    path: "/api/demo-requests",
    handler: demoPOST,
    body: (e) => ({ ...mara(e), role: "restaurant", phoneNumber: "+1 250 555 0199" }),
    stored: (emails) => db.demoRequest.count({ where: { email: { in: emails } } }),
  },
  {
    name: "newsletter",
    path: "/api/newsletter",
    handler: newsletterPOST,
    body: (e) => ({ email: e }),
    stored: (emails) => db.newsletterSubscriber.count({ where: { email: { in: emails } } }),
  },
  {
    name: "contact",
    path: "/api/contact",
    handler: contactPOST,
    body: (e) => ({
      fullName: "Sam Li",
      email: e,
      subject: "Wholesale",
      message: "Do you deliver to Vernon?",
    }),
    stored: (emails) => db.contactMessage.count({ where: { email: { in: emails } } }),
  },
];
const ok = (status: number) => status === 200 || status === 201;

describe.each(forms)("$name form throttle", (form) => {
  it("a burst of 30 from one address: FORM_LIMIT_PER_IP_HOUR (20) are stored, the rest are 429 with Retry-After and {success:false, message, code}", async () => {
    const ip = freshIp();
    const emails = Array.from({ length: 30 }, () => email(form.name.replace(" ", "-")));
    const answers = await Promise.all(
      emails.map((e) => call(form.handler, form.path, { body: form.body(e), ip })),
    );
    expect(answers.filter((a) => ok(a.status)).length).toBe(20);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBe(10);
    for (const r of refused) {
      expect(r.json).toEqual({
        success: false,
        message: "Too many submissions from this address. Please try again later.",
        code: "rate_limited",
      });
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(await form.stored(emails)).toBe(20);
    // Another address is not affected.
    expect(
      ok(
        (await call(form.handler, form.path, { body: form.body(email("other")), ip: freshIp() }))
          .status,
      ),
    ).toBe(true);
  });

  it("one email from many addresses: FORM_LIMIT_PER_EMAIL_HOUR per hour, in any letter case", async () => {
    await withEnv({ FORM_LIMIT_PER_EMAIL_HOUR: "2" }, async () => {
      const e = email("same");
      expect(
        ok((await call(form.handler, form.path, { body: form.body(e), ip: freshIp() })).status),
      ).toBe(true);
      expect(
        ok(
          (await call(form.handler, form.path, { body: form.body(e.toUpperCase()), ip: freshIp() }))
            .status,
        ),
      ).toBe(true);
      const third = await call(form.handler, form.path, { body: form.body(e), ip: freshIp() });
      expect(third.status).toBe(429);
      expect(third.json).toEqual({
        success: false,
        message: "Too many submissions for this email address. Please try again later.",
        code: "rate_limited",
      });
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });
});

describe("what a refusal logs", () => {
  it("the form and the address, never the email or what was typed", async () => {
    await withEnv({ FORM_LIMIT_PER_IP_HOUR: "1" }, async () => {
      const ip = freshIp();
      const lines = await captureConsole(async () => {
        const body = {
          fullName: "Private Person",
          email: "private-person@example.test",
          subject: "Secret subject",
          message: "Secret text",
        };
        expect((await call(contactPOST, "/api/contact", { body, ip })).status).toBe(201);
        expect((await call(contactPOST, "/api/contact", { body, ip })).status).toBe(429);
      });
      const text = lines.join("\n");
      expect(text).toMatch(/\[rate-limit\] refused: contact .*ip=10\.61\./);
      expect(text).not.toMatch(/private-person|Private Person|Secret/);
    });
  });
});
