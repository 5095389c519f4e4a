/**
 * The one way every runner gets a production build: `npm start`, the e2e server, the unit tests'
 * app instances and the benches. A build is reused while the sources it was made from are
 * unchanged (a stamp in the build folder), so `npm test` builds once for its unit and e2e halves.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const STAMP = "fieldfare-source-hash";

/** Everything that goes into the build, by path, size and modification time, and the Node that builds. */
export function sourceFingerprint(): string {
  const hash = crypto.createHash("sha256");
  // CI builds on Node 24, then proves a fresh clone's commands on Node 20: each Node builds its own.
  hash.update(`node ${process.versions.node.split(".")[0]}\n`);
  const roots = [
    "app",
    "components",
    "lib",
    "public",
    "proxy.ts",
    "next.config.ts",
    "package-lock.json",
    "postcss.config.mjs",
    "tsconfig.json",
    "instrumentation.ts",
  ];
  const walk = (rel: string) => {
    const p = path.join(root, rel);
    if (!fs.existsSync(p) || rel.includes(`${path.sep}generated`)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const f of fs.readdirSync(p).sort()) walk(path.join(rel, f));
    else hash.update(`${rel}:${st.size}:${st.mtimeMs}\n`);
  };
  roots.forEach(walk);
  return hash.digest("hex");
}

function upToDate(dir: string, fingerprint: string): boolean {
  const stamp = path.join(dir, STAMP);
  return (
    fs.existsSync(path.join(dir, "BUILD_ID")) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, "utf8") === fingerprint
  );
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Builds into `distDir` (relative to the repository) unless a build of the same sources is there.
 * Two callers at once (two test files in parallel) build once: the second waits on a lock folder.
 * Answers whether it built.
 */
export function ensureProductionBuild(
  opts: { distDir?: string; stdio?: "inherit" | "pipe"; onBuild?: () => void } = {},
): boolean {
  const distDir = opts.distDir ?? ".next";
  const dir = path.join(root, distDir);
  const fingerprint = sourceFingerprint();
  if (upToDate(dir, fingerprint)) return false;
  const lock = `${dir}.build-lock`;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // A lock older than a build could take was left by a killed run.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > 20 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else pause(500);
    }
  }
  try {
    if (upToDate(dir, fingerprint)) return false;
    opts.onBuild?.();
    fs.rmSync(path.join(dir, STAMP), { force: true });
    execFileSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
      cwd: root,
      stdio: opts.stdio ?? "inherit",
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_DIST_DIR: distDir,
        NEXT_TELEMETRY_DISABLED: "1",
      },
    });
    fs.writeFileSync(path.join(dir, STAMP), fingerprint);
    return true;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
