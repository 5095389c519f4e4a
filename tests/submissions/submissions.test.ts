import { describe, expect, it } from "vitest";
import { POST as contactPOST } from "@/app/api/contact/route";
import { POST as demoPOST } from "@/app/api/demo-requests/route";
import { POST as newsletterPOST } from "@/app/api/newsletter/route";
import { POST as waitlistPOST } from "@/app/api/waitlist/route";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";

const waitlist = {
  fullName: "Mara Okafor",
  email: "Mara@GreenAcre.farm",
  companyName: "Green Acre",
  role: "farmer",
};
const demo = { ...waitlist, phoneNumber: "+1 250 555 0199" };
const contact = {
  fullName: "Sam Li",
  email: "sam@bistro.ca",
  subject: "Wholesale",
  message: "Do you deliver to Vernon?",
};

type Case = [name: string, body: Record<string, unknown>, field: string, message: string];

const personCases = (valid: Record<string, unknown>): Case[] => [
  ["short name", { ...valid, fullName: "A" }, "fullName", "Name must be at least 2 characters"],
  ["blank name", { ...valid, fullName: "   " }, "fullName", "Name must be at least 2 characters"],
  [
    "missing name",
    { ...valid, fullName: undefined },
    "fullName",
    "Name must be at least 2 characters",
  ],
  ["bad email", { ...valid, email: "mara@" }, "email", "Please enter a valid email address"],
  ["missing email", { ...valid, email: undefined }, "email", "Please enter a valid email address"],
];

const roleCases = (valid: Record<string, unknown>): Case[] => [
  ["missing company", { ...valid, companyName: "" }, "companyName", "Company name is required"],
  ["no role", { ...valid, role: "" }, "role", "Please select your role"],
  ["unknown role", { ...valid, role: "admin" }, "role", "Please select your role"],
  ["missing role", { ...valid, role: undefined }, "role", "Please select your role"],
];

const endpoints: [path: string, handler: typeof waitlistPOST, cases: Case[]][] = [
  ["/api/waitlist", waitlistPOST, [...personCases(waitlist), ...roleCases(waitlist)]],
  [
    "/api/demo-requests",
    demoPOST,
    [
      ...personCases(demo),
      ...roleCases(demo),
      [
        "short phone",
        { ...demo, phoneNumber: "12345" },
        "phoneNumber",
        "Please enter a valid phone number",
      ],
      [
        "missing phone",
        { ...demo, phoneNumber: undefined },
        "phoneNumber",
        "Please enter a valid phone number",
      ],
    ],
  ],
  [
    "/api/newsletter",
    newsletterPOST,
    [
      ["bad email", { email: "not-an-email" }, "email", "Please enter a valid email address"],
      ["missing email", {}, "email", "Please enter a valid email address"],
    ],
  ],
  [
    "/api/contact",
    contactPOST,
    [
      ...personCases(contact),
      ["blank subject", { ...contact, subject: " " }, "subject", "Subject is required"],
      ["blank message", { ...contact, message: "" }, "message", "Message is required"],
      [
        "long message",
        { ...contact, message: "x".repeat(5001) },
        "message",
        "Message is too long (5000 characters at most)",
      ],
    ],
  ],
];

describe.each(endpoints)("POST %s validation", (path, handler, cases) => {
  it.each(cases)("%s → 400 with the spec's message", async (_name, body, field, message) => {
    const res = await call(handler, path, { body });
    expect(res.status).toBe(400);
    expect(res.json.success).toBe(false);
    expect(res.json.errors[field]).toBe(message);
    expect(typeof res.json.message).toBe("string");
  });

  it("refuses a non-JSON body (415) and a cross-site post (403), still with success:false", async () => {
    const form = await call(handler, path, {
      rawBody: "email=a@b.co",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.json).toMatchObject({ success: false, message: expect.any(String) });
    const cross = await call(handler, path, {
      body: {},
      headers: { origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
    expect(cross.json.success).toBe(false);
  });
});

describe("stored submissions", () => {
  it("a waitlist entry is saved with its outbox row (sync off here: googleSheetsSuccess false)", async () => {
    const res = await call(waitlistPOST, "/api/waitlist", {
      body: { ...waitlist, fullName: "  Mara Okafor  " },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      success: true,
      message: expect.any(String),
      googleSheetsSuccess: false,
    });
    const entry = await db.waitlistEntry.findUniqueOrThrow({
      where: { submissionId: res.json.submissionId },
    });
    expect(entry).toMatchObject({
      fullName: "Mara Okafor",
      email: "mara@greenacre.farm",
      companyName: "Green Acre",
      role: "farmer",
    });
    const outbox = await db.sheetsOutbox.findUniqueOrThrow({
      where: { submissionId: entry.submissionId },
    });
    expect(outbox).toMatchObject({ status: "pending", source: "waitlist", attempts: 0 });
    expect(outbox.row).toEqual([
      entry.createdAt.toISOString(),
      "Mara Okafor",
      "mara@greenacre.farm",
      "Green Acre",
      "Farmer/Producer",
      "waitlist",
      entry.submissionId,
    ]);
  });

  it("a demo request is saved with its phone number and a demo outbox row", async () => {
    const res = await call(demoPOST, "/api/demo-requests", {
      body: { ...demo, role: "restaurant" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, message: expect.any(String) });
    const saved = await db.demoRequest.findUniqueOrThrow({
      where: { submissionId: res.json.submissionId },
    });
    expect(saved).toMatchObject({ phoneNumber: "+1 250 555 0199", role: "restaurant" });
    const outbox = await db.sheetsOutbox.findUniqueOrThrow({
      where: { submissionId: saved.submissionId },
    });
    expect((outbox.row as string[]).slice(4)).toEqual([
      "Restaurant/Chef",
      "demo",
      saved.submissionId,
    ]);
  });

  it("newsletter: 201 for a new address, 200 when already subscribed (case-insensitive)", async () => {
    const first = await call(newsletterPOST, "/api/newsletter", {
      body: { email: "Ana.Ruiz@Example.com" },
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ success: true, message: expect.any(String) });
    const again = await call(newsletterPOST, "/api/newsletter", {
      body: { email: " ana.ruiz@example.COM " },
    });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ success: true, message: "You're already subscribed." });
    expect(await db.newsletterSubscriber.findMany({ select: { email: true } })).toEqual([
      { email: "ana.ruiz@example.com" },
    ]);
  });

  it("newsletter: simultaneous sign-ups of one address make one subscriber and no error", async () => {
    // Five: the per-email limit (FORM_LIMIT_PER_EMAIL_HOUR, default 5) answers the sixth 429 (tests/submissions/throttle.test.ts).
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(newsletterPOST, "/api/newsletter", { body: { email: "rush@example.com" } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await db.newsletterSubscriber.count({ where: { email: "rush@example.com" } })).toBe(1);
  });

  it("contact: the message is stored", async () => {
    const res = await call(contactPOST, "/api/contact", { body: contact });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, message: expect.any(String) });
    const saved = await db.contactMessage.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(saved).toMatchObject({
      fullName: "Sam Li",
      email: "sam@bistro.ca",
      subject: "Wholesale",
      message: "Do you deliver to Vernon?",
    });
  });
});
