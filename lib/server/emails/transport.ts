import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { env } from "@/lib/server/platform/env";

/**
 * Where email goes (docs/notifications.md, "Transport"): SMTP through nodemailer when SMTP_URL is
 * set (a pooled connection, so a burst reuses it); otherwise each email is written as an .eml file
 * under DATA_DIR/mail/ (nodemailer's stream transport builds the exact bytes SMTP would carry),
 * and the first one says where in the log. Timeouts stay well under the sender's lease, so a slow
 * server cannot make a second sender think the row was abandoned.
 */
export type Mailer = {
  send(message: Mail.Options): Promise<void>;
  close(): void;
  describe: string;
};

export function smtpMailer(url: string): Mailer {
  // Query parameters of the URL (?pool=false, ?secure=true) override these defaults.
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as never);
  return {
    describe: `SMTP ${new URL(url).host}`,
    async send(message) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

export function fileMailer(dir: string): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  let told = false;
  return {
    describe: `files in ${dir}`,
    async send(message) {
      const info = await transport.sendMail(message);
      await fs.mkdir(dir, { recursive: true });
      const name = `${String(message.messageId ?? info.messageId).replace(/[^A-Za-z0-9.@-]/g, "")}.eml`;
      await fs.writeFile(path.join(dir, name), info.message as Buffer);
      if (!told) {
        told = true;
        console.info(`[mail] SMTP_URL is not set: emails are written as .eml files to ${dir}`);
      }
    },
    close: () => transport.close(),
  };
}

/** The configured mailer (SMTP_URL, or the .eml folder). */
export function configuredMailer(): Mailer {
  const e = env();
  return e.SMTP_URL ? smtpMailer(e.SMTP_URL) : fileMailer(path.resolve(e.DATA_DIR, "mail"));
}
