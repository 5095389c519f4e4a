/**
 * Shared setup of bench/load.ts and bench/fault.ts: a production build (reused when fresh), a fresh
 * PostgreSQL database (migrate + seed), scripts/serve.ts started through the same helper the
 * multi-instance tests use, and many signed-in users created over HTTP.
 */
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import { createRequire } from "node:module";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import {
  ensureBuild,
  freePort,
  startInstance,
  type AppInstance,
} from "../tests/messages/support/app-instance";
import { freshPostgres, summarize } from "./support";

/**
 * The load test plays 200 users from one address, each writing to random others many times a
 * minute: the per-address and per-sender limits (README, "Security"; unit-tested) would measure
 * refusals instead of the work.
 */
const UNTHROTTLED = {
  REGISTRATION_LIMIT_PER_IP_HOUR: "100000",
  LOGIN_MAX_FAILURES_PER_IP: "100000",
  FORM_LIMIT_PER_IP_HOUR: "100000",
  FORM_LIMIT_PER_EMAIL_HOUR: "100000",
  MESSAGE_LIMIT_PER_MINUTE: "100000",
  MESSAGE_NEW_RECIPIENTS_PER_HOUR: "100000",
  STREAMS_PER_IP: "100000",
};

export const root = path.resolve(import.meta.dirname, "..");
export const AUTH_SECRET =
  process.env.AUTH_SECRET ?? `bench-${crypto.randomBytes(24).toString("hex")}`;

// autocannon ships no type declarations: describe the part used here.
export type AcRequest = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AcRequest) => AcRequest;
};
export type AcResult = {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
};
type AcInstance = Promise<AcResult> & {
  on(
    event: "response",
    cb: (client: unknown, status: number, bytes: number, ms: number) => void,
  ): void;
  stop(): void;
};
export const autocannon = createRequire(import.meta.url)("autocannon") as (opts: {
  url: string;
  connections: number;
  duration: number;
  requests?: AcRequest[];
  headers?: Record<string, string>;
  timeout?: number;
}) => AcInstance;

/** The build to serve: NEXT_DIST_DIR if given, else .next-bench. */
export function prepareBuild(): string {
  const dir = process.env.NEXT_DIST_DIR ?? ".next-bench";
  // Rebuilt whenever the sources changed (scripts/production-build.ts).
  ensureBuild(dir);
  return dir;
}

function step(args: string[], databaseUrl: string) {
  execFileSync(process.execPath, args, {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DATABASE_URL: databaseUrl, AUTH_SECRET, NODE_ENV: "production" },
  });
}

export async function freshSeededDatabase(prefix: string) {
  const database = await freshPostgres(prefix);
  if (!database)
    throw new Error(
      "this bench needs PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL=postgres://…, default postgres://postgres@127.0.0.1:5432/postgres)",
    );
  step(["node_modules/prisma/build/index.js", "migrate", "deploy"], database.url);
  step(["--import", "tsx", "--conditions=react-server", "prisma/seed/cli.ts"], database.url);
  return database;
}

export async function startApp(
  databaseUrl: string,
  distDir: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<AppInstance> {
  return startInstance({
    databaseUrl,
    authSecret: AUTH_SECRET,
    distDir,
    env: { ...UNTHROTTLED, DATABASE_POOL_SIZE: "20", ...env },
    nodeArgs,
  });
}

/**
 * Bounds a whole bench run: after `seconds`, it says so, stops the app and ends the process with
 * exit code 2. Clear the returned timer when the run is done.
 */
export function timeBound(name: string, app: AppInstance, seconds: number): NodeJS.Timeout {
  const watchdog = setTimeout(() => {
    console.error(`${name}: time bound exceeded, stopping`);
    void app.stop().finally(() => process.exit(2));
  }, seconds * 1000);
  watchdog.unref();
  return watchdog;
}

const floorDir = path.join(root, "bench/floor");
const nextBin = path.join(root, "node_modules/next/dist/bin/next");

/**
 * The framework's floor (bench/floor/: a minimal Next app with nothing of ours in it) under
 * `next start`, built into `distDir` first when `rebuild` is set or it has no build yet.
 * `ppr` builds it with Cache Components (partial prerendering).
 */
export async function startFloorApp(opts: { distDir: string; ppr: boolean; rebuild: boolean }) {
  const env = {
    ...process.env,
    NEXT_DIST_DIR: opts.distDir,
    FLOOR_PPR: opts.ppr ? "1" : "",
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production" as const,
  };
  if (opts.rebuild || !fs.existsSync(path.join(floorDir, opts.distDir, "BUILD_ID"))) {
    execFileSync(process.execPath, [nextBin, "build", floorDir], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  const port = await freePort();
  const server = spawn(process.execPath, [nextBin, "start", floorDir, "-p", String(port)], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on("data", (d) => String(d).includes("Ready") && resolve());
    server.once("exit", (code) => reject(new Error(`next start exited (${code})`)));
  });
  return {
    url: `http://localhost:${port}`,
    pid: server.pid!,
    stop: () => void server.kill("SIGTERM"),
  };
}

export type BenchUser = { id: number; cookie: string };

/** Registers `n` shoppers over HTTP (a few at a time: argon2 is deliberately slow). */
export async function createUsers(base: string, n: number, tag: string): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  const run = Date.now().toString(36);
  let next = 0;
  async function worker() {
    while (next < n) {
      const i = next++;
      const password = `bench-pass-${run}-${i}`;
      const res = await fetch(`${base}/api/register`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({
          fullName: `Bench ${tag} ${i}`,
          email: `${tag}-${run}-${i}@bench.test`,
          username: `${tag}_${run}_${i}`,
          password,
          confirmPassword: password,
        }),
      });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { id: number };
      users.push({ id: body.id, cookie: (res.headers.get("set-cookie") ?? "").split(";")[0] });
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker));
  return users;
}

export async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

/** Every wallet's balance must equal the sum of its ledger; no balance below zero. */
export async function ledgerCheck(databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const [r] = (
      await c.query(`
      SELECT (SELECT count(*) FROM "Wallet")::int AS wallets,
             (SELECT count(*) FROM "Wallet" w WHERE w."balanceCents" <> COALESCE((SELECT SUM(t."amountCents") FROM "Transaction" t WHERE t."userId" = w."userId"), 0))::int AS "walletsOutOfBalance",
             (SELECT count(*) FROM "Wallet" WHERE "balanceCents" < 0)::int AS "negativeBalances",
             (SELECT count(*) FROM "Transaction" WHERE "type" = 'top-up')::int AS "topUpRows"`)
    ).rows;
    return r as {
      wallets: number;
      walletsOutOfBalance: number;
      negativeBalances: number;
      topUpRows: number;
    };
  } finally {
    await c.end();
  }
}

/**
 * The 200-user mix (bench/load.ts): each virtual user is one keep-alive connection that sends its
 * endpoint's requests one after the other, with no think time. Users arrive first and are measured
 * after: every one sends its first request and waits for the answer, and only when all have one
 * does the measured window open, with all of them at once. Started all at once instead (as
 * autocannon starts its connections), the users who came first saturate the server, and Node
 * (libuv ≥ 1.45) accepts one new connection per turn of its event loop, so under that load the
 * others were accepted a few a second: the last endpoint of the mix got its first answers 20 s into
 * a 30 s run, and its p95 was the wait to be let in (bench/JOURNAL.md, 2026-11-26).
 * The arrival is reported on its own (`arrival`); requests still in flight when the window closes
 * are counted as unfinished, not sampled.
 */
export type Mix = { name: string; connections: number; requests: AcRequest[]; okStatus?: number[] };
export type EndpointResult = {
  name: string;
  connections: number;
  requests: number;
  unfinished: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
};
export type Arrival = {
  users: number;
  seconds: number;
  firstAnswer: { p50: number; p95: number; max: number };
  failed: number;
};

const REQUEST_TIMEOUT_MS = 30_000;

type Answer = { status: number; ms: number } | { error: "timeout" | "error"; ms: number };

function send(base: URL, agent: http.Agent, r: AcRequest): Promise<Answer> {
  const req = r.setupRequest ? r.setupRequest({ ...r }) : r;
  const started = performance.now();
  return new Promise((resolve) => {
    const out = http.request(
      {
        host: base.hostname,
        port: base.port,
        agent,
        method: req.method ?? "GET",
        path: req.path,
        headers: req.headers,
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
        );
        res.on("error", () => resolve({ error: "error", ms: performance.now() - started }));
      },
    );
    out.setTimeout(REQUEST_TIMEOUT_MS, () => {
      out.destroy();
      resolve({ error: "timeout", ms: performance.now() - started });
    });
    out.on("error", () => resolve({ error: "error", ms: performance.now() - started }));
    out.end(req.body);
  });
}

export async function runMix(
  base: string,
  mix: Mix[],
  seconds: number,
): Promise<{ endpoints: EndpointResult[]; arrival: Arrival }> {
  const url = new URL(base);
  const users = mix.flatMap((m) =>
    Array.from({ length: m.connections }, () => ({
      m,
      agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
      next: 0,
    })),
  );
  const nextRequest = (u: (typeof users)[number]) => u.m.requests[u.next++ % u.m.requests.length];

  // Arrival: every user's first request, all at once, and nothing more until all have their answer.
  const t0 = performance.now();
  const first = await Promise.all(users.map((u) => send(url, u.agent, nextRequest(u))));
  const arrivalMs = performance.now() - t0;
  const firstMs = summarize(first.map((a) => a.ms));

  // The measured window: all users at once, each sending its next request as soon as it has an answer.
  const tally = new Map(
    mix.map((m) => [
      m,
      {
        samples: [] as number[],
        statuses: {} as Record<string, number>,
        errors: 0,
        timeouts: 0,
        unfinished: 0,
      },
    ]),
  );
  const windowStart = performance.now();
  const windowEnd = windowStart + seconds * 1000;
  await Promise.all(
    users.map(async (u) => {
      const t = tally.get(u.m)!;
      while (performance.now() < windowEnd) {
        const answer = await send(url, u.agent, nextRequest(u));
        if (performance.now() > windowEnd) {
          t.unfinished++;
          break;
        }
        if ("error" in answer) {
          if (answer.error === "timeout") t.timeouts++;
          else t.errors++;
          continue;
        }
        t.samples.push(answer.ms);
        t.statuses[answer.status] = (t.statuses[answer.status] ?? 0) + 1;
      }
    }),
  );
  users.forEach((u) => u.agent.destroy());

  const endpoints = mix.map((m) => {
    const t = tally.get(m)!;
    const s = summarize(t.samples);
    const ok = m.okStatus ?? [];
    const non2xx = Object.entries(t.statuses)
      .filter(([code]) => !(code.startsWith("2") || ok.includes(Number(code))))
      .reduce((n, [, c]) => n + c, 0);
    return {
      name: m.name,
      connections: m.connections,
      requests: t.samples.length,
      unfinished: t.unfinished,
      rps: round(t.samples.length / seconds),
      p50: round(s.p50),
      p95: round(s.p95),
      p99: round(s.p99),
      non2xx,
      errors: t.errors,
      timeouts: t.timeouts,
      statuses: t.statuses,
    };
  });
  const arrival = {
    users: users.length,
    seconds: round(arrivalMs / 1000),
    firstAnswer: { p50: round(firstMs.p50), p95: round(firstMs.p95), max: round(firstMs.max) },
    failed: first.filter((a) => "error" in a || a.status >= 400).length,
  };
  return { endpoints, arrival };
}

export const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : n);

export function machine() {
  return {
    cpus: (globalThis.process && require_os().cpus().length) || 0,
    node: process.version,
    loadavg: require_os()
      .loadavg()
      .map((n) => Math.round(n * 100) / 100),
  };
}
function require_os() {
  return createRequire(import.meta.url)("node:os") as typeof import("node:os");
}
