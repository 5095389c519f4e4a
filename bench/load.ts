/**
 * Load test (issue 9): 200 concurrent virtual users for 60 s against a production build on a fresh
 * PostgreSQL database, mixing browsing, search, messages and top-ups with the sessions of many
 * users. The users arrive first, each waiting for its first answer, and the window is measured with
 * all of them in (runMix in ./harness.ts says why). Passes when no request failed (every non-2xx is
 * counted, per endpoint) and every wallet's balance still equals the sum of its ledger afterwards.
 * Loopback only; stops itself.
 *
 *   node --import tsx bench/load.ts
 * Env: LOAD_SECONDS (default 60), LOAD_USERS (default 60), NEXT_DIST_DIR (reuse a build; default
 *      .next-bench, built when missing or older than HEAD), BENCH_DATABASE_URL / DATABASE_URL,
 *      LOAD_PROFILE=1 (the server under `node --cpu-prof`; where its CPU went during the measured
 *      window, summed by package and function as bench/profile.ts does).
 * Writes bench/out/load.json; exit code 1 when a check fails.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  createUsers,
  freshSeededDatabase,
  ledgerCheck,
  login,
  machine,
  prepareBuild,
  runMix,
  startApp,
  timeBound,
  type AcRequest,
  type Mix,
} from "./harness";
import pg from "pg";
import { mainProfile, printSummary, summarizeProfile } from "./cpu-profile";
import { recordPageView } from "./page-view";
import { writeVerdict } from "./support";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const USERS = Number(process.env.LOAD_USERS ?? 60);
const started = Date.now();
const atStart = machine();

async function linkToFarms(base: string, users: { cookie: string }[], farms: number[]) {
  const sends = users.flatMap((u) => farms.map((receiverId) => ({ cookie: u.cookie, receiverId })));
  let next = 0;
  async function worker() {
    while (next < sends.length) {
      const { cookie, receiverId } = sends[next++];
      const res = await fetch(`${base}/api/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base, cookie },
        body: JSON.stringify({ receiverId, content: "Hello from the load test" }),
      });
      if (res.status !== 201)
        throw new Error(`first message failed: ${res.status} ${await res.text()}`);
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** The seeded farms' accounts: anyone may write to a farm. */
async function farmOwners(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (
      await client.query<{ userId: number }>(`SELECT "userId" FROM "Farm" ORDER BY id`)
    ).rows.map((r) => r.userId);
  } finally {
    await client.end();
  }
}

const distDir = prepareBuild();
const database = await freshSeededDatabase("ff_bench_load");
// The connections of the app's pool: under this load a query's connection is held until the busy
// event loop gets to its answer, so 20 left most requests queueing for one (bench/JOURNAL.md).
const POOL = process.env.LOAD_POOL_SIZE ?? "40";
const profDir =
  process.env.LOAD_PROFILE === "1"
    ? fs.mkdtempSync(path.join(os.tmpdir(), "ff-load-profile-"))
    : null;
const app = await startApp(
  database.url,
  distDir,
  { DATABASE_POOL_SIZE: POOL },
  profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : [],
);
// The whole run is bounded: setup + load + checks must finish within this, or the process ends.
const watchdog = timeBound("load", app, SECONDS + 600);

let windowEnded: number | undefined;
try {
  const base = app.url;
  console.log(`load: app on ${base}, creating ${USERS} users`);
  const users = await createUsers(base, USERS, "load");
  users.push({ id: 0, cookie: await login(base, "demo@fieldfare.app", "harvest-demo-2026") });
  const farmUserIds = await farmOwners(database.url);
  // Conversations that exist: every user has written to every farm once. A first message to
  // someone new is a once-per-pair event (it takes the new-recipient limit's lock, docs/product.md);
  // in a 30 s run of 60 users and 14 farms it would be most of the sends.
  await linkToFarms(base, users, farmUserIds);
  // The Auth.js catch-all (/api/auth/*) cannot be imported into vitest (next/server resolution), so
  // tests/security/bad-input.test.ts cannot call it: probe it here, over HTTP, for 5xx answers.
  const probes: [string, string, string | undefined, string][] = [
    ["GET", "/api/auth/session", undefined, ""],
    ["GET", "/api/auth/providers", undefined, ""],
    ["GET", "/api/auth/nonsense", undefined, ""],
    ["POST", "/api/auth/callback/credentials", "{bad", "application/json"],
    [
      "POST",
      "/api/auth/callback/credentials",
      "username=%F0%9F%A5%95&password=",
      "application/x-www-form-urlencoded",
    ],
    ["POST", "/api/auth/callback/credentials", "x".repeat(100_000), "text/plain"],
    ["POST", "/api/auth/signout", "csrfToken=forged", "application/x-www-form-urlencoded"],
  ];
  const authProbe: { path: string; method: string; status: number }[] = [];
  for (const [method, path, body, type] of probes) {
    const res = await fetch(base + path, {
      method,
      body,
      redirect: "manual",
      headers: { ...(type ? { "content-type": type } : {}), origin: "https://evil.example" },
    });
    await res.arrayBuffer();
    authProbe.push({ method, path, status: res.status });
  }
  const authProbe5xx = authProbe.filter((p) => p.status >= 500).length;
  console.log(
    "load: Auth.js bad-input probe",
    authProbe.map((p) => `${p.method} ${p.path} → ${p.status}`).join(", "),
  );
  const pick = () => users[Math.floor(Math.random() * users.length)];
  const withCookie = (path: string, method = "GET") => ({
    method,
    path,
    setupRequest: (r: AcRequest): AcRequest => ({
      ...r,
      headers: { ...r.headers, cookie: pick().cookie },
    }),
  });
  const homeView = await recordPageView(base, users[users.length - 1].cookie, "/home");
  console.log(`load: a /home page view is ${homeView.join(", ")}`);
  const terms = ["apple", "kale", "honey", "carrot", "cheese", "berries", "egg", "squash"];

  const mix: Mix[] = [
    { name: "GET /", connections: 20, requests: [{ path: "/" }] },
    {
      name: "GET /api/products/featured",
      connections: 25,
      requests: [{ path: "/api/products/featured?limit=8" }],
    },
    {
      name: "GET /api/farms/featured",
      connections: 20,
      requests: [{ path: "/api/farms/featured" }],
    },
    // /home is a prerendered shell that fills itself from /api: a virtual user asks for everything
    // a browser does to show it (bench/page-view.ts), one request after the other.
    {
      name: `GET /home (signed in) + its ${homeView.length - 1} /api reads`,
      connections: 25,
      requests: homeView.map((path) => withCookie(path)),
    },
    {
      name: "GET /api/products/search",
      connections: 30,
      requests: [
        {
          path: "/api/products/search?q=apple",
          setupRequest: (r) => ({
            ...r,
            path: `/api/products/search?q=${terms[Math.floor(Math.random() * terms.length)]}`,
          }),
        },
      ],
    },
    {
      name: "GET /api/messages/chats",
      connections: 25,
      requests: [withCookie("/api/messages/chats")],
    },
    {
      name: "POST /api/messages",
      connections: 25,
      requests: [
        {
          method: "POST",
          path: "/api/messages",
          setupRequest: (r) => {
            // A shopper writes to a farm (a chat with another shopper opens only once an order or a
            // conversation links them: docs/product.md).
            const from = users[Math.floor(Math.random() * USERS)];
            const to = farmUserIds[Math.floor(Math.random() * farmUserIds.length)];
            return {
              ...r,
              headers: { "content-type": "application/json", origin: base, cookie: from.cookie },
              body: JSON.stringify({
                receiverId: to,
                content: `load ${crypto.randomUUID()}`,
                clientId: crypto.randomUUID(),
              }),
            };
          },
        },
      ],
    },
    {
      name: "POST /api/transactions/topup",
      connections: 30,
      requests: [
        {
          method: "POST",
          path: "/api/transactions/topup",
          setupRequest: (r) => ({
            ...r,
            headers: {
              "content-type": "application/json",
              origin: base,
              cookie: pick().cookie,
              "idempotency-key": crypto.randomUUID(),
            },
            body: JSON.stringify({ amount: Math.round(Math.random() * 5000 + 100) / 100 }),
          }),
        },
      ],
    },
  ];
  const vus = mix.reduce((n, m) => n + m.connections, 0);
  console.log(`load: ${vus} concurrent virtual users for ${SECONDS} s`);
  const { endpoints, arrival } = await runMix(base, mix, SECONDS);
  windowEnded = performance.now();
  const ledger = await ledgerCheck(database.url);
  const total = endpoints.reduce((n, e) => n + e.requests, 0);
  const failed = endpoints.reduce((n, e) => n + e.non2xx + e.errors + e.timeouts, 0);
  const topUp2xx = endpoints.find((e) => e.name.includes("topup"))!.statuses["200"] ?? 0;
  // An endpoint that completed nothing was starved: that is a failure even with no error answer.
  const starved = endpoints.filter((e) => e.requests === 0).map((e) => e.name);
  const ok =
    failed === 0 &&
    arrival.failed === 0 &&
    starved.length === 0 &&
    authProbe5xx === 0 &&
    ledger.walletsOutOfBalance === 0 &&
    ledger.negativeBalances === 0 &&
    ledger.topUpRows >= topUp2xx;
  console.log(
    `load: ${arrival.users} users arrived in ${arrival.seconds} s (first answers p50 ${arrival.firstAnswer.p50} ms, max ${arrival.firstAnswer.max} ms, ${arrival.failed} failed), then ${SECONDS} s measured with all of them`,
  );
  console.table(endpoints.map((e) => ({ ...e, statuses: JSON.stringify(e.statuses) })));
  console.log(
    `load: ${total} requests, ${failed} failed (${((failed / Math.max(1, total)) * 100).toFixed(3)} %), ${(total / SECONDS).toFixed(1)} req/s; ledger`,
    ledger,
    ok ? "OK" : "FAILED",
  );
  writeVerdict("load", ok, {
    database: "postgres",
    virtualUsers: vus,
    poolSize: Number(POOL),
    seconds: SECONDS,
    users: users.length,
    machine: atStart,
    totalRequests: total,
    failedRequests: failed,
    errorRate: failed / Math.max(1, total),
    rps: Math.round((total / SECONDS) * 10) / 10,
    arrival,
    endpoints,
    ledger: { ...ledger, topUps2xx: topUp2xx },
    authProbe,
    starved,
    ok,
    wallSeconds: Math.round((Date.now() - started) / 1000),
  });
} finally {
  await app.stop();
  if (profDir) printProfile(profDir);
  await database.drop();
  clearTimeout(watchdog);
}

/** LOAD_PROFILE=1: the server's CPU profile ends when it exits; keep the samples of the measured window. */
function printProfile(dir: string) {
  const profile = mainProfile(dir);
  if (!profile || windowEnded === undefined) return;
  const tail = (performance.now() - windowEnded) * 1000;
  const summary = summarizeProfile(profile, {
    fromUs: profile.endTime - tail - SECONDS * 1e6,
    toUs: profile.endTime - tail,
  });
  console.log(`\n=== the server's CPU in the measured window (profile kept in ${dir})`);
  printSummary(summary, 14);
}
