/**
 * Real app instances for scale-out tests and the messages bench: a production build served by
 * scripts/serve.ts in child processes. Several instances may share one PostgreSQL database.
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { ensureProductionBuild } from "../../../scripts/production-build";
import { sseParser } from "./sse";

const root = path.resolve(import.meta.dirname, "../../..");

/** Build output shared by these instances, `npm start` and the e2e server: NEXT_DIST_DIR. */
export const DIST_DIR = process.env.FF_MESSAGES_DIST_DIR ?? ".next";

/** A production build of the current sources in DIST_DIR, made once (scripts/production-build.ts). */
export function ensureBuild(distDir = DIST_DIR): void {
  ensureProductionBuild({ distDir });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export type AppInstance = { url: string; port: number; pid: number; stop: () => Promise<void> };

/** Starts `scripts/serve.ts` on a free port and resolves once /api/health answers. */
export async function startInstance(opts: {
  databaseUrl: string;
  authSecret: string;
  distDir?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<AppInstance> {
  const port = await freePort();
  // nodeArgs: e.g. --cpu-prof for bench/profile.ts (not allowed in NODE_OPTIONS).
  const child: ChildProcess = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), "--import", "tsx", "scripts/serve.ts"],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        // A production server on PostgreSQL runs the demo payments only when named (docs/money.md).
        PAYMENTS_PROVIDER: "demo",
        ...process.env,
        ...opts.env,
        PORT: String(port),
        DATABASE_URL: opts.databaseUrl,
        AUTH_SECRET: opts.authSecret,
        NEXT_DIST_DIR: opts.distDir ?? DIST_DIR,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output = (output + d).slice(-4000)));
  child.stderr?.on("data", (d) => (output = (output + d).slice(-4000)));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const url = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`app instance on ${port} exited (${child.exitCode}):\n${output}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`app instance on ${port} did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, port, pid: child.pid!, stop };
}

export type SseFrame = { event: string; data: unknown; at: number };

/** Opens GET /api/messages/stream over real HTTP and parses frames as they arrive. */
export async function openSse(baseUrl: string, cookie: string, onFrame?: (f: SseFrame) => void) {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/messages/stream`, {
    headers: { cookie, accept: "text/event-stream" },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body)
    throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  let connected!: () => void;
  const ready = new Promise<void>((r) => (connected = r));
  let ended = false;
  void (async () => {
    const reader = res.body!.getReader();
    const parse = sseParser();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const { event, data, comments } of parse(value)) {
          if (comments.includes(": connected")) connected();
          if (data) {
            const f = { event, data: JSON.parse(data), at: performance.now() };
            frames.push(f);
            onFrame?.(f);
            for (const w of [...waiters]) w();
          }
        }
      }
    } catch {
      /* aborted */
    } finally {
      ended = true;
      for (const w of [...waiters]) w();
    }
  })();
  await ready;
  return {
    frames,
    /** Resolves with the first frame matching `pred` (the caller's test timeout bounds the wait). */
    next(pred: (f: SseFrame) => boolean): Promise<SseFrame> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const f = frames.find(pred);
          if (f) {
            waiters.delete(check);
            resolve(f);
          } else if (ended) {
            waiters.delete(check);
            reject(new Error("stream ended"));
          }
        };
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}

/**
 * For a vitest suite: `n` app instances on the test database, started before its tests (building
 * first if needed) and stopped after them. The array fills in beforeAll.
 */
export function instancesForSuite(
  n: number,
  hooks: {
    beforeAll: (fn: () => Promise<void>, timeout?: number) => void;
    afterAll: (fn: () => Promise<void>) => void;
  },
): AppInstance[] {
  const instances: AppInstance[] = [];
  hooks.beforeAll(async () => {
    ensureBuild();
    const common = { databaseUrl: process.env.DATABASE_URL!, authSecret: process.env.AUTH_SECRET! };
    instances.push(...(await Promise.all(Array.from({ length: n }, () => startInstance(common)))));
  }, 900_000);
  hooks.afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
  });
  return instances;
}
