/**
 * `npm start`: migrate → seed if the database is empty → build if the sources changed → serve.
 * Each step runs to completion before the next (PGlite lets one process at a time open its folder),
 * and nothing opens the database during `next build`.
 */
import { execFileSync } from "node:child_process";
import { ensureProductionBuild } from "./production-build";

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

const dbLabel = process.env.DATABASE_URL
  ? "PostgreSQL (DATABASE_URL)"
  : "embedded PGlite in ./.data/pglite";
console.log(`Fieldfare — starting on ${dbLabel}`);
// Node 20 still runs the README's commands, but it gets no security fixes any more.
if (Number(process.versions.node.split(".")[0]) < 24)
  console.warn(`Node ${process.version}: Fieldfare runs on Node 24 (see README).`);
step("Preparing the database (migrations, then demo data if empty)", () =>
  node(["--import", "tsx", "--conditions=react-server", "scripts/prepare-db.ts"]),
);

if (
  !ensureProductionBuild({
    distDir,
    onBuild: () => process.stdout.write("▸ Building the app (first run or sources changed)\n"),
  })
)
  console.log("▸ Production build is up to date");

const { listenFromEnv, readyUrl, serve } = await import("./serve");
const listen = listenFromEnv();
const server = await serve({ ...listen, quiet: true });
console.log(
  `Fieldfare is ready on ${readyUrl(listen)} (started in ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
);
const stop = () => server.close(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
