/**
 * `npm start`: migrate → seed if the database is empty → build if the sources changed → serve.
 * Each step runs to completion before the next (PGlite lets one process at a time open its folder),
 * and nothing opens the database during `next build`.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

(process.env as Record<string, string>).NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";
const distDir = process.env.NEXT_DIST_DIR || ".next";
const t0 = Date.now();

function step<T>(label: string, fn: () => T): T {
  const started = Date.now();
  process.stdout.write(`▸ ${label}\n`);
  const result = fn();
  process.stdout.write(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return result;
}

const node = (args: string[]) =>
  execFileSync(process.execPath, args, { stdio: "inherit", env: process.env });

/** A fingerprint of everything that goes into the build, so a warm restart skips `next build`. */
function sourceFingerprint(): string {
  const hash = crypto.createHash("sha256");
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
  const walk = (p: string) => {
    if (!fs.existsSync(p) || p.includes(`${path.sep}generated`)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const f of fs.readdirSync(p).sort()) walk(path.join(p, f));
    else hash.update(`${p}:${st.size}:${st.mtimeMs}\n`);
  };
  roots.forEach(walk);
  return hash.digest("hex");
}

const dbLabel = process.env.DATABASE_URL
  ? "PostgreSQL (DATABASE_URL)"
  : "embedded PGlite in ./.data/pglite";
console.log(`Fieldfare — starting on ${dbLabel}`);
step("Preparing the database (migrations, then demo data if empty)", () =>
  node(["--import", "tsx", "--conditions=react-server", "scripts/prepare-db.ts"]),
);

const stamp = path.join(distDir, "fieldfare-source-hash");
const fingerprint = sourceFingerprint();
const built =
  fs.existsSync(path.join(distDir, "BUILD_ID")) &&
  fs.existsSync(stamp) &&
  fs.readFileSync(stamp, "utf8") === fingerprint;
if (built) console.log("▸ Production build is up to date");
else {
  step("Building the app (first run or sources changed)", () =>
    node(["node_modules/next/dist/bin/next", "build"]),
  );
  fs.writeFileSync(stamp, fingerprint);
}

const { serve } = await import("./serve");
const server = await serve({ port: Number(process.env.PORT ?? 3000), quiet: true });
console.log(
  `Fieldfare is ready on http://localhost:${process.env.PORT ?? 3000} (started in ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
);
const stop = () => server.close(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
