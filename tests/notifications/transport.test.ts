import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { simpleParser } from "mailparser";
import { fileMailer } from "@/lib/server/emails/transport";

afterEach(() => vi.restoreAllMocks());

describe("without SMTP_URL: .eml files", () => {
  it("writes each email as an .eml file named by its Message-ID, and says where once", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-mail-"));
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const mailer = fileMailer(dir);
    for (const n of [1, 2]) {
      await mailer.send({
        from: "Fieldfare <no-reply@fieldfare.example>",
        to: "ada@example.test",
        subject: `Hello ${n}`,
        text: "Plain",
        html: "<p>Rich</p>",
        messageId: `<notification-${n}.abc@localhost>`,
      });
    }
    mailer.close();
    expect(fs.readdirSync(dir).sort()).toEqual([
      "notification-1.abc@localhost.eml",
      "notification-2.abc@localhost.eml",
    ]);
    const mail = await simpleParser(
      fs.readFileSync(path.join(dir, "notification-2.abc@localhost.eml")),
    );
    expect([mail.subject, mail.text?.trim(), mail.html, mail.messageId]).toEqual([
      "Hello 2",
      "Plain",
      "<p>Rich</p>",
      "<notification-2.abc@localhost>",
    ]);
    expect(info.mock.calls.map((c) => String(c[0]))).toEqual([
      `[mail] SMTP_URL is not set: emails are written as .eml files to ${dir}`,
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
