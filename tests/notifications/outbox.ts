import { afterAll, beforeEach } from "vitest";
import { db } from "@/lib/server/platform/db";
import { closeListener } from "@/lib/server/platform/notify";
import { smtpPerFile, type TestSmtp } from "./smtp";

/**
 * For test files that read the emails sent: the file's SMTP server (see smtpPerFile), no
 * notification rows left from earlier tests, and the LISTEN connection the code under test may
 * open closed once the file is done.
 */
export function outboxPerTest(): () => TestSmtp {
  const smtp = smtpPerFile();
  beforeEach(async () => {
    await db.notification.deleteMany();
  });
  afterAll(() => closeListener());
  return smtp;
}
