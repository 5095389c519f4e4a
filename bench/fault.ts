/**
 * Fault script (issue 9): while a moderate load runs (browsing, top-ups, waitlist sign-ups), the
 * local PostgreSQL is restarted and the Google Sheets emulator fails (500s, hangs, 500 after
 * storing). Shows that
 *   - the app recovers by itself: requests succeed again after the restart, same app process;
 *   - clients get clear answers meanwhile: every failure is a 5xx with a JSON `message` (503 for
 *     the database outage), and no request hangs past the client's 15 s timeout;
 *   - nothing is lost: every waitlist sign-up answered 201 is in the database and, once the
 *     emulator heals, in the sheet exactly once; every wallet's balance equals its ledger.
 *
 *   node --import tsx bench/fault.ts
 * RESTARTS THE LOCAL POSTGRESQL (pg_ctlcluster … main stop, then start): this machine only.
 * Env: FAULT_SECONDS (load duration, default 30), FAULT_DOWN_SECONDS (database down time, default 4), NEXT_DIST_DIR, BENCH_DATABASE_URL / DATABASE_URL.
 * Writes bench/out/fault.json; exit code 1 when a check fails. Bounded in time.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { SheetsEmulator } from "../tests/sheets/emulator";
import {
  createUsers,
  freshSeededDatabase,
  ledgerCheck,
  machine,
  prepareBuild,
  startApp,
  timeBound,
} from "./harness";
import { writeVerdict } from "./support";

const SECONDS = Number(process.env.FAULT_SECONDS ?? 30);
const DOWN_SECONDS = Number(process.env.FAULT_DOWN_SECONDS ?? 4);
const WORKERS = 24;
const atStart = machine();
const wall = Date.now();

const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const emulator = new SheetsEmulator({ publicKey, seed: 11 });
await emulator.start();

const distDir = prepareBuild();
const database = await freshSeededDatabase("ff_bench_fault");
const app = await startApp(database.url, distDir, {
  GOOGLE_SHEETS_SPREADSHEET_ID: emulator.spreadsheetId,
  GOOGLE_SERVICE_ACCOUNT_EMAIL: "fieldfare-sync@fieldfare-bench.iam.gserviceaccount.com",
  GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: privateKey,
  GOOGLE_OAUTH_TOKEN_URL: emulator.tokenUrl,
  GOOGLE_SHEETS_ROOT_URL: emulator.url,
  SHEETS_POLL_MS: "500",
  SHEETS_BACKOFF_BASE_MS: "200",
  SHEETS_BACKOFF_MAX_MS: "2000",
  SHEETS_REQUEST_TIMEOUT_MS: "2000",
  SHEETS_MAX_ATTEMPTS: "1000",
});
const watchdog = timeBound("fault", app, SECONDS + 300);

type Answer = { t: number; kind: string; status: number; ms: number; clear: boolean };
const answers: Answer[] = [];
const accepted: string[] = [];

try {
  const base = app.url;
  const users = await createUsers(base, 20, "fault");
  emulator.setFailures({ rate500: 0.4, rateHang: 0.1, rate500AfterStore: 0.2 });

  let running = true;
  const t0 = Date.now();
  async function worker(w: number) {
    for (let i = 0; running; i++) {
      const u = users[(w + i) % users.length];
      const kind = ["featured", "topup", "waitlist"][i % 3];
      const email = `fault-${w}-${i}-${crypto.randomBytes(3).toString("hex")}@bench.test`;
      const init: RequestInit =
        kind === "featured"
          ? {}
          : kind === "topup"
            ? {
                method: "POST",
                headers: {
                  "content-type": "application/json",
                  origin: base,
                  cookie: u.cookie,
                  "idempotency-key": crypto.randomUUID(),
                },
                body: JSON.stringify({ amount: 5 }),
              }
            : {
                method: "POST",
                headers: { "content-type": "application/json", origin: base },
                body: JSON.stringify({
                  fullName: "Fault Bench",
                  email,
                  companyName: "Bench Co",
                  role: "other",
                }),
              };
      const path =
        kind === "featured"
          ? "/api/products/featured"
          : kind === "topup"
            ? "/api/transactions/topup"
            : "/api/waitlist";
      const start = Date.now();
      let status = 0;
      let clear = false;
      try {
        const res = await fetch(base + path, { ...init, signal: AbortSignal.timeout(15_000) });
        status = res.status;
        const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
        clear = status < 400 || (typeof body?.message === "string" && body.message.length > 3);
      } catch {
        status = -1; // timeout or connection refused: the kind of answer this script must not see
      }
      answers.push({ t: start - t0, kind, status, ms: Date.now() - start, clear });
      if (kind === "waitlist" && status === 201) accepted.push(email);
      if (status !== 200 && status !== 201) await new Promise((r) => setTimeout(r, 100));
    }
  }
  const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));

  // A third of the way in, restart the database under the running app.
  await new Promise((r) => setTimeout(r, (SECONDS / 3) * 1000));
  const version = fs.readdirSync("/etc/postgresql")[0];
  const restartAt = Date.now() - t0;
  console.log(`fault: restarting PostgreSQL ${version} at ${(restartAt / 1000).toFixed(1)} s`);
  // Stopped for FAULT_DOWN_SECONDS (a plain restart is often too quick for any request to notice).
  execFileSync(
    "pg_ctlcluster",
    ["--skip-systemctl-redirect", version, "main", "stop", "-m", "fast"],
    { stdio: "inherit" },
  );
  try {
    await new Promise((r) => setTimeout(r, DOWN_SECONDS * 1000));
  } finally {
    execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], {
      stdio: "inherit",
    });
  }
  const restartedAt = Date.now() - t0;
  console.log(`fault: PostgreSQL back at ${(restartedAt / 1000).toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, Math.max(0, SECONDS * 1000 - (Date.now() - t0))));
  running = false;
  await load;

  // Recovery: after the restart, the first 2xx of each kind, and the last 5 s all 2xx.
  const after = answers.filter((a) => a.t > restartedAt);
  const failedDuring = answers.filter((a) => a.status !== 200 && a.status !== 201);
  const firstOkAfter = Math.min(
    ...["featured", "topup", "waitlist"].map(
      (k) => after.find((a) => a.kind === k && a.status < 300)?.t ?? Infinity,
    ),
  );
  const tail = answers.filter((a) => a.t > SECONDS * 1000 - 5000);
  const recovered =
    Number.isFinite(firstOkAfter) &&
    tail.length > 0 &&
    tail.every((a) => a.status >= 200 && a.status < 300);
  const lastFailure = failedDuring.length
    ? Math.max(...failedDuring.map((a) => a.t + a.ms))
    : restartAt;
  const outageSeconds = failedDuring.length
    ? (lastFailure - Math.min(...failedDuring.map((a) => a.t))) / 1000
    : 0;
  const hung = answers.filter((a) => a.status === -1).length;
  const unclear = failedDuring.filter((a) => a.status === -1 || a.status < 500 || !a.clear).length;

  // Heal the emulator; the outbox must drain every accepted sign-up, exactly once.
  emulator.setFailures({});
  const deadline = Date.now() + 90_000;
  const inSheet = () => {
    const cells = emulator.rows("Waitlist").flat();
    return accepted.map((e) => cells.filter((c) => c === e).length);
  };
  while (Date.now() < deadline && inSheet().some((n) => n === 0))
    await new Promise((r) => setTimeout(r, 500));
  const counts = inSheet();
  const pg = await import("pg");
  const c = new pg.default.Client({ connectionString: database.url });
  await c.connect();
  const inDb = new Set(
    (await c.query(`SELECT "email" FROM "WaitlistEntry"`)).rows.map((r: { email: string }) =>
      r.email.toLowerCase(),
    ),
  );
  await c.end();
  const missingInDb = accepted.filter((e) => !inDb.has(e.toLowerCase())).length;
  const ledger = await ledgerCheck(database.url);
  const lost = {
    accepted: accepted.length,
    missingInDb,
    missingInSheet: counts.filter((n) => n === 0).length,
    duplicatedInSheet: counts.filter((n) => n > 1).length,
    sheetExactlyOnce: counts.every((n) => n === 1),
  };
  const byStatus: Record<string, number> = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const ok =
    recovered &&
    hung === 0 &&
    unclear === 0 &&
    missingInDb === 0 &&
    lost.sheetExactlyOnce &&
    ledger.walletsOutOfBalance === 0;
  const result = {
    machine: atStart,
    seconds: SECONDS,
    downSeconds: DOWN_SECONDS,
    workers: WORKERS,
    restartAt: restartAt / 1000,
    restartedAt: restartedAt / 1000,
    outageSeconds: Math.round(outageSeconds * 10) / 10,
    recovered,
    firstOkAfterRestartS: Number.isFinite(firstOkAfter)
      ? (firstOkAfter - restartedAt) / 1000
      : null,
    answers: {
      total: answers.length,
      ok: answers.filter((a) => a.status >= 200 && a.status < 300).length,
      unavailable: answers.filter((a) => a.status === 503 && a.clear).length,
      other: answers.filter(
        (a) => !(a.status >= 200 && a.status < 300) && !(a.status === 503 && a.clear),
      ).length,
      hung,
      unclear,
      byStatus,
    },
    sheets: { appends: emulator.stats.append, faults: emulator.stats.faults },
    lost,
    ledger,
    ok,
    wallSeconds: Math.round((Date.now() - wall) / 1000),
  };
  console.log(JSON.stringify(result, null, 2));
  writeVerdict("fault", ok, result);
} finally {
  await app.stop();
  await emulator.stop();
  await database.drop().catch(() => undefined);
  clearTimeout(watchdog);
}
