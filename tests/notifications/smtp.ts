import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { smtpMailer, type Mailer } from "@/lib/server/emails/transport";

/**
 * A real SMTP server in the test process (smtp-server) that parses what arrives (mailparser).
 * `refuse = true` answers every message with a temporary 451 (an outage); `stop()`/`start()` take
 * it off the network entirely.
 */
export type TestSmtp = {
  mails: ParsedMail[];
  refuse: boolean;
  url: string;
  mailer(): Mailer;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

export async function startSmtp(): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  let port = 0;
  let server: SMTPServer | null = null;
  const mailers: Mailer[] = [];
  const t: TestSmtp = {
    mails,
    refuse: false,
    get url() {
      return `smtp://127.0.0.1:${port}?pool=false`;
    },
    mailer() {
      const m = smtpMailer(t.url);
      mailers.push(m);
      return m;
    },
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, _session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            if (t.refuse)
              return callback(
                Object.assign(new Error("Service temporarily unavailable"), { responseCode: 451 }),
              );
            simpleParser(Buffer.concat(chunks)).then((mail) => {
              mails.push(mail);
              callback();
            }, callback);
          });
        },
      });
      await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
      port = (server!.server.address() as AddressInfo).port;
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async close() {
      for (const m of mailers) m.close();
      await t.stop();
    },
  };
  await t.start();
  return t;
}

/** The mails sent to `address`, by subject. */
export const subjectsTo = (mails: ParsedMail[], address: string) =>
  mails
    .filter((m) => [m.to].flat().some((to) => to?.value.some((v) => v.address === address)))
    .map((m) => m.subject);

/** One server for the test file, emptied (and accepting) before each test. */
export function smtpPerFile(): () => TestSmtp {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());
  beforeEach(() => {
    smtp.mails.length = 0;
    smtp.refuse = false;
  });
  return () => smtp;
}
