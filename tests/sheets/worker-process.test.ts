import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as waitlistPOST } from "@/app/api/waitlist/route";
import { db } from "@/lib/server/platform/db";
import { call } from "../support/http";
import { onPostgres } from "../support/pg";
import { SheetsEmulator } from "./emulator";

/**
 * Scale-out: the app answers with SHEETS_WORKER=off (no worker in this process) and two
 * `scripts/worker.ts` processes share the outbox through SKIP LOCKED, woken by NOTIFY.
 */
const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const emulator = new SheetsEmulator({ publicKey, seed: 7 });
const workers: { child: ChildProcess; output: string[] }[] = [];

function sheetsEnv(): Record<string, string> {
  return {
    GOOGLE_SHEETS_SPREADSHEET_ID: emulator.spreadsheetId,
    GOOGLE_SERVICE_ACCOUNT_EMAIL: "fieldfare-sync@fieldfare-test.iam.gserviceaccount.com",
    GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: privateKey,
    GOOGLE_OAUTH_TOKEN_URL: emulator.tokenUrl,
    GOOGLE_SHEETS_ROOT_URL: emulator.url,
    SHEETS_REQUEST_TIMEOUT_MS: "400",
    SHEETS_BACKOFF_BASE_MS: "20",
    SHEETS_BACKOFF_MAX_MS: "250",
    SHEETS_POLL_MS: "300",
    SHEETS_SYNC_WAIT_MS: "10000",
    SHEETS_BATCH_SIZE: "5",
  };
}

function startWorker(): Promise<void> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"],
    {
      env: { ...process.env, ...sheetsEnv(), SHEETS_WORKER: "off" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const output: string[] = [];
  workers.push({ child, output });
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join("").includes("worker started")) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`worker exited (${code}): ${output.join("")}`)));
  });
}

function stopWorker(w: (typeof workers)[number]): Promise<number | null> {
  if (w.child.exitCode !== null) return Promise.resolve(w.child.exitCode);
  return new Promise((resolve) => {
    w.child.once("exit", (code) => resolve(code));
    w.child.kill("SIGTERM");
  });
}

describe.skipIf(!onPostgres)(
  "npm run worker (PostgreSQL only: separate processes share the database)",
  () => {
    beforeAll(async () => {
      await emulator.start();
      Object.assign(process.env, sheetsEnv(), { SHEETS_WORKER: "off" });
      await Promise.all([startWorker(), startWorker()]);
    });
    afterAll(async () => {
      await Promise.all(workers.map(stopWorker));
      await emulator.stop();
    });

    it("two worker processes sync every submission exactly once, and the app sees it within its wait", async () => {
      emulator.setFailures({ rate429: 0.1, rate500AfterStore: 0.1, rateHangAfterStore: 0.1 });
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          call(waitlistPOST, "/api/waitlist", {
            body: {
              fullName: `Proc ${i}`,
              email: `proc${i}@example.com`,
              companyName: "Co",
              role: "other",
            },
            ip: `10.71.0.${i}`,
          }),
        ),
      );
      expect(answers.every((a) => a.status === 201)).toBe(true);
      const ids = answers.map((a) => a.json.submissionId as string);
      // Bounded by each request's own wait; rows the wait missed are checked in the table below.
      const deadline = Date.now() + 30_000;
      while (
        (await db.sheetsOutbox.count({ where: { status: { not: "synced" } } })) > 0 &&
        Date.now() < deadline
      ) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const counts = new Map<string, number>();
      for (const row of emulator.rows()) counts.set(row[6], (counts.get(row[6]) ?? 0) + 1);
      expect(ids.filter((id) => counts.get(id) !== 1)).toEqual([]);
      expect(answers.some((a) => a.json.googleSheetsSuccess === true)).toBe(true);
    });

    it("stops gracefully on SIGTERM", async () => {
      const codes = await Promise.all(workers.map(stopWorker));
      expect(codes).toEqual([0, 0]);
    });
  },
);
