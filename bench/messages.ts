/**
 * Messages bench: send-to-receive latency over SSE. For each database (embedded PGlite, then
 * PostgreSQL) it prepares a fresh database with 200 receivers + 1 sender, starts a production
 * server (scripts/serve.ts on the .next-messages build), opens 200 event streams, sends 500
 * messages through POST /api/messages, and times each from the request start to
 * the moment its `message` event arrives on the receiver's stream: once one at a time, once with 8 in
 * flight (PHASES). Prints p50/p95 and writes
 * bench/out/messages.json. Bounded: 15 s per message, 4 minutes per database.
 *
 *   node --import tsx bench/messages.ts                 # both (PostgreSQL from BENCH_PG_URL / DATABASE_URL / localhost)
 *   node --import tsx bench/messages.ts --only=pglite
 *   FF_MESSAGES_DIST_DIR=.next-x node --import tsx bench/messages.ts   # another build folder
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  ensureBuild,
  openSse,
  startInstance,
  type SseFrame,
} from "../tests/messages/support/app-instance";
import { rerunUnderReactServer } from "./support";

const STREAMS = 200;
const MESSAGES = 500;
/**
 * Two phases over the same streams: one send at a time (the latency of a send while 200 streams
 * are open) and 8 in flight (sends queueing behind each other on the server's core as well).
 */
const PHASES = [1, 8];
const PER_MESSAGE_TIMEOUT_MS = 15_000;
const PER_DB_DEADLINE_MS = 4 * 60_000;

const root = path.resolve(import.meta.dirname, "..");
const AUTH_SECRET = process.env.AUTH_SECRET ?? `bench-${crypto.randomBytes(24).toString("hex")}`;

rerunUnderReactServer({ AUTH_SECRET });

type Prepared = {
  sender: { id: number; cookie: string };
  receivers: { id: number; cookie: string }[];
};

function migrate(databaseUrl: string) {
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules/prisma/build/index.js"), "migrate", "deploy"],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: "pipe" },
  );
}

/** Users and live sessions written straight to the database before the server owns it (PGlite: one process at a time). */
async function prepare(databaseUrl: string): Promise<Prepared> {
  process.env.DATABASE_URL = databaseUrl;
  const { db, closeDb } = await import("@/lib/server/platform/db");
  const { hashPassword } = await import("@/lib/server/auth/password");
  const { createSession } = await import("@/lib/server/auth/session");
  const passwordHash = await hashPassword(crypto.randomBytes(12).toString("hex"));
  const tag = Date.now().toString(36);
  const mk = (i: number | "s") => ({
    fullName: `Bench ${i}`,
    email: `bench-${tag}-${i}@example.test`,
    username: `bench_${tag}_${i}`,
    passwordHash,
  });
  await db.user.createMany({
    data: [mk("s"), ...Array.from({ length: STREAMS }, (_, i) => mk(i))],
  });
  const users = await db.user.findMany({
    where: { email: { startsWith: `bench-${tag}-` } },
    select: { id: true, email: true },
    orderBy: { id: "asc" },
  });
  const withCookies = [];
  for (const u of users) {
    const s = await createSession(u.id, false, "bench");
    withCookies.push({ id: u.id, email: u.email, cookie: `${s.name}=${s.value}` });
  }
  const sender = withCookies.find((u) => u.email.endsWith("-s@example.test"))!;
  const receivers = withCookies.filter((u) => u !== sender);
  // Shoppers may write to each other only once a conversation or an order links them
  // (docs/product.md): each receiver has written to the sender first.
  await db.message.createMany({
    data: receivers.map((r) => ({
      senderId: r.id,
      receiverId: sender.id,
      content: "Hello",
      isRead: true,
    })),
  });
  await closeDb();
  return { sender, receivers };
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Sends MESSAGES messages, `inFlight` at a time, each timed until its event arrives (`waiting` is fed by the streams). */
async function sendAll(
  url: string,
  prep: Prepared,
  waiting: Map<string, (f: SseFrame) => void>,
  inFlight: number,
  deadline: number,
) {
  const latencies: number[] = [];
  const postMs: number[] = [];
  let lost = 0;
  let failed = 0;
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < MESSAGES && Date.now() < deadline) {
      const i = nextIndex++;
      const receiver = prep.receivers[i % prep.receivers.length];
      const clientId = `bench-${inFlight}-${i}`;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arrived = new Promise<SseFrame | null>((resolve) => {
        waiting.set(clientId, resolve);
        timer = setTimeout(() => resolve(null), PER_MESSAGE_TIMEOUT_MS);
      });
      const t0 = performance.now();
      const res = await fetch(`${url}/api/messages`, {
        method: "POST",
        headers: { cookie: prep.sender.cookie, "content-type": "application/json", origin: url },
        body: JSON.stringify({
          receiverId: receiver.id,
          content: `Bench message ${i}: fresh greens available`,
          clientId,
        }),
      }).catch(() => null);
      postMs.push(performance.now() - t0);
      if (!res || res.status !== 201) {
        failed++;
        clearTimeout(timer);
        waiting.delete(clientId);
        continue;
      }
      await res.arrayBuffer();
      const frame = await arrived;
      clearTimeout(timer);
      waiting.delete(clientId);
      if (frame) latencies.push(frame.at - t0);
      else lost++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  latencies.sort((a, b) => a - b);
  postMs.sort((a, b) => a - b);
  return { inFlight, latencies, postMs, lost, failed };
}

async function run(kind: "pglite" | "postgres", databaseUrl: string) {
  const started = Date.now();
  migrate(databaseUrl);
  const prep = await prepare(databaseUrl);
  // All streams come from one address and all sends from one user: lift the caps that guard the real app.
  const server = await startInstance({
    databaseUrl,
    authSecret: AUTH_SECRET,
    env: {
      STREAMS_PER_IP: "100000",
      MESSAGE_LIMIT_PER_MINUTE: "100000",
      MESSAGE_NEW_RECIPIENTS_PER_HOUR: "100000",
    },
  });
  const waiting = new Map<string, (f: SseFrame) => void>();
  const streams: { close: () => void }[] = [];
  try {
    for (let i = 0; i < prep.receivers.length; i += 20) {
      const batch = prep.receivers.slice(i, i + 20);
      streams.push(
        ...(await Promise.all(
          batch.map((r) =>
            openSse(server.url, r.cookie, (f) => {
              const id = (f.data as { message?: { clientId?: string } }).message?.clientId;
              if (f.event === "message" && id) waiting.get(id)?.(f);
            }),
          ),
        )),
      );
    }
    const phases = [];
    for (const inFlight of PHASES)
      phases.push(await sendAll(server.url, prep, waiting, inFlight, started + PER_DB_DEADLINE_MS));
    const round = (n: number) => Math.round(n * 10) / 10;
    return phases.map((p) => ({
      database: kind,
      streams: streams.length,
      messages: MESSAGES,
      inFlight: p.inFlight,
      delivered: p.latencies.length,
      lost: p.lost,
      failedSends: p.failed,
      latencyMs: {
        p50: round(percentile(p.latencies, 50)),
        p95: round(percentile(p.latencies, 95)),
        max: round(p.latencies.at(-1) ?? NaN),
        mean: round(p.latencies.reduce((s, x) => s + x, 0) / (p.latencies.length || 1)),
      },
      postMs: { p50: round(percentile(p.postMs, 50)), p95: round(percentile(p.postMs, 95)) },
      seconds: round((Date.now() - started) / 1000),
    }));
  } finally {
    for (const s of streams) s.close();
    await server.stop();
  }
}

const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
ensureBuild();
const results = [];
if (!only || only === "pglite") {
  const dir = path.join(root, ".data", `bench-messages-${Date.now().toString(36)}`);
  try {
    results.push(...(await run("pglite", `pglite:${dir}`)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
if (!only || only === "postgres") {
  const base =
    process.env.BENCH_PG_URL ??
    (/^postgres/.test(process.env.DATABASE_URL ?? "")
      ? process.env.DATABASE_URL!
      : "postgres://postgres@127.0.0.1:5432/postgres");
  const name = `ff_bench_${Date.now().toString(36)}`;
  const admin = new URL(base);
  admin.pathname = "/postgres";
  const target = new URL(base);
  target.pathname = `/${name}`;
  const adminQuery = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  try {
    await adminQuery(`CREATE DATABASE "${name}"`);
    results.push(...(await run("postgres", target.toString())));
  } catch (e) {
    console.error(`[bench] PostgreSQL run failed: ${(e as Error).message}`);
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  }
}

for (const r of results) {
  console.log(
    `${r.database.padEnd(8)} ${r.delivered}/${r.messages} delivered over ${r.streams} streams, ${r.inFlight} in flight: send→receive p50 ${r.latencyMs.p50} ms, p95 ${r.latencyMs.p95} ms (max ${r.latencyMs.max}); POST p50 ${r.postMs.p50} ms; lost ${r.lost}, failed ${r.failedSends}; ${r.seconds}s`,
  );
}
fs.mkdirSync(path.join(root, "bench/out"), { recursive: true });
fs.writeFileSync(
  path.join(root, "bench/out/messages.json"),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      results,
    },
    null,
    2,
  ) + "\n",
);
console.log("wrote bench/out/messages.json");
// A send that failed or a message that never arrived fails the bench (its figures would mean nothing).
process.exit(results.length && results.every((r) => r.failedSends === 0 && r.lost === 0) ? 0 : 1);
