/**
 * The server Playwright tests run against: a fresh database (a new PostgreSQL database when
 * DATABASE_URL is postgres://, else a new PGlite folder), migrated and seeded, then a production
 * build served by scripts/serve.ts. Never touches ./.data/pglite.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { ensureProductionBuild } from "./production-build";

(process.env as Record<string, string>).NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";
const port = Number(process.env.PORT ?? 3100);
const base = process.env.DATABASE_URL ?? "";
const stamp = `${Date.now().toString(36)}_${process.pid}`;
let cleanup = async () => {};

if (/^postgres/.test(base)) {
  const name = `ff_e2e_${stamp}`;
  const admin = new URL(base);
  admin.pathname = "/postgres";
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
  const u = new URL(base);
  u.pathname = "/" + name;
  process.env.DATABASE_URL = u.toString();
  cleanup = async () => {
    const d = new pg.Client({ connectionString: admin.toString() });
    await d.connect();
    await d.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await d.end();
  };
} else {
  const dir = path.resolve(".data", `e2e-${stamp}`);
  process.env.DATABASE_URL = `pglite:${dir}`;
  cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
}
// Uploaded images live in the database (table UploadedImage), so they go with it.
process.env.AUTH_SECRET ??= "e2e-secret-e2e-secret-e2e-secret-0123456789";
// Push needs VAPID keys on a production server on PostgreSQL (docs/operations.md); a fixed test pair.
process.env.VAPID_PUBLIC_KEY ??=
  "BP4lcn9DQgPpFgmmeJ18ClvvjRNeaqkBZhtA31hk2_yLF4CDk9d9HoaBK5JyqJ8fq2NmYoAEsEjauxpwEndrk5E";
process.env.VAPID_PRIVATE_KEY ??= "xZQcsFPq5U9cMsln6vkEDNmmyh4lG4CQhqUd2_deb0w";
// A production server on PostgreSQL runs the demo payments only when named (docs/money.md);
// the Stripe journeys set STRIPE_SECRET_KEY, which wins.
process.env.PAYMENTS_PROVIDER ??= "demo";
// Every browser of the suite registers from 127.0.0.1: both projects together create more accounts
// than the per-address hourly limit allows (that limit has its own unit tests), as in bench/harness.ts.
process.env.REGISTRATION_LIMIT_PER_IP_HOUR ??= "100000";
// The same for the other per-address limits (tests/auth/throttle.test.ts, tests/submissions/throttle.test.ts,
// tests/messages/stream-limits.test.ts): every spec's forms, failed sign-ins and open streams come from one address.
process.env.LOGIN_MAX_FAILURES_PER_IP ??= "100000";
process.env.FORM_LIMIT_PER_IP_HOUR ??= "100000";
process.env.STREAMS_PER_IP ??= "100000";
process.env.ACCOUNT_LIMIT_PER_IP_HOUR ??= "100000";
// Specs that depend on the day and hour set their browser context's business clock with a signed
// cookie (e2e/clock.ts, lib/server/platform/clock.ts); only this server honours it.
process.env.TEST_CLOCK = "on";

// Specs that drive an ops command against the server's own database (npm run buyer:approve) read it here.
fs.mkdirSync(".data", { recursive: true });
const dbUrlFile = path.resolve(".data", `e2e-${port}.database-url`);
fs.writeFileSync(dbUrlFile, process.env.DATABASE_URL!);
const run = (args: string[]) =>
  execFileSync(process.execPath, args, { stdio: "inherit", env: process.env });
run(["node_modules/prisma/build/index.js", "migrate", "deploy"]);
if (fs.existsSync("prisma/seed/cli.ts"))
  run(["--import", "tsx", "--conditions=react-server", "prisma/seed/cli.ts"]);
// The unit tests before it in `npm test` leave a build of the same sources, which is reused.
if (process.env.E2E_SKIP_BUILD !== "1")
  ensureProductionBuild({ distDir: process.env.NEXT_DIST_DIR });

const { serve } = await import("./serve");
const server = await serve({ port });
const stop = () => {
  // Open SSE streams and keep-alive sockets would hold close() forever.
  server.close(() => void cleanup().finally(() => process.exit(0)));
  server.closeAllConnections();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
