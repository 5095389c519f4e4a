/**
 * startWorkers (lib/server/workers.ts), the one start of the background loops shared by
 * instrumentation.ts and scripts/worker.ts: the Sheets worker hears `sheets_outbox` on the
 * process's one LISTEN connection (lib/server/platform/notify.ts), beside the caches and realtime.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { readRows } from "@/lib/server/platform/db";
import { closeListener, hearing, notify } from "@/lib/server/platform/notify";
import { inTransaction } from "@/lib/server/platform/transaction";
import { enqueueSheetRow } from "@/lib/server/sheets/outbox";
import { NUDGE_CHANNEL, sheetsWorker } from "@/lib/server/sheets/runtime";
import { loadMessage } from "@/lib/server/messages/serialize";
import { subscribe } from "@/lib/server/realtime/bus";
import { appWorkers, startWorkers } from "@/lib/server/workers";
import { onPostgres } from "../support/pg";
import { SheetsEmulator } from "../sheets/emulator";

const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const emulator = new SheetsEmulator({ publicKey, seed: 31 });

describe("appWorkers", () => {
  it("runs every loop in the app unless its switch says off", () => {
    expect(appWorkers({})).toEqual({
      housekeeping: true,
      sheets: true,
      standing: true,
      notifications: true,
      payouts: true,
    });
    expect(
      appWorkers({
        SHEETS_WORKER: "off",
        STANDING_WORKER: " OFF ",
        NOTIFICATIONS_WORKER: "on",
        PAYOUTS_WORKER: "off",
      }),
    ).toEqual({
      housekeeping: true,
      sheets: false,
      standing: false,
      notifications: true,
      payouts: false,
    });
  });
});

describe.skipIf(!onPostgres)("startWorkers on PostgreSQL", () => {
  let stop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    await emulator.start();
    Object.assign(process.env, {
      GOOGLE_SHEETS_SPREADSHEET_ID: emulator.spreadsheetId,
      GOOGLE_SERVICE_ACCOUNT_EMAIL: "fieldfare-sync@fieldfare-test.iam.gserviceaccount.com",
      GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: privateKey,
      GOOGLE_OAUTH_TOKEN_URL: emulator.tokenUrl,
      GOOGLE_SHEETS_ROOT_URL: emulator.url,
      // Far longer than the test: only the nudge can bring the row out in time.
      SHEETS_POLL_MS: "600000",
    });
  });
  afterAll(async () => {
    await stop();
    await closeListener();
    await emulator.stop();
  });

  it("wakes the Sheets worker with a NOTIFY heard on the one LISTEN connection of the process", async () => {
    stop = startWorkers(
      { housekeeping: false, sheets: true, standing: false, notifications: false, payouts: false },
      () => undefined,
    );
    const unsubscribe = subscribe(1, () => undefined, loadMessage); // realtime shares the connection
    await vi.waitFor(() => expect(hearing(NUDGE_CHANNEL) && hearing("ff_messages")).toBe(true), {
      timeout: 10_000,
    });
    // The worker's first round (at start) is over and found nothing: it now idles for the poll.
    await vi.waitFor(() => expect(emulator.rows()).toEqual([]), { timeout: 10_000 });

    const submissionId = `nudge-${crypto.randomUUID()}`;
    await inTransaction((tx) =>
      enqueueSheetRow(tx, {
        submittedAt: new Date(),
        fullName: "Nudged Nell",
        email: "nell@example.com",
        companyName: "Nell's",
        role: "Farmer",
        source: "waitlist",
        submissionId,
      }),
    );
    const synced = sheetsWorker()!.waitForSynced([submissionId], 20_000);
    await notify(NUDGE_CHANNEL, ""); // as an app instance with SHEETS_WORKER=off sends it
    expect(await synced).toBe(true);

    const listening = await readRows<{ n: number }>(
      // Every LISTEN connection of this test's database: ours alone, carrying every channel.
      Prisma.sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    expect(listening[0].n).toBe(1);
    unsubscribe();
  });
});
