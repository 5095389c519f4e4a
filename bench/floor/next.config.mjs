// The framework-floor app of bench/floor.ts: built twice, without and with Cache Components
// (FLOOR_PPR=1), each into its own folder. Turbopack resolves `next` from the repository root.
import path from "node:path";

const ppr = process.env.FLOOR_PPR === "1";

const config = {
  cacheComponents: ppr,
  ...(ppr ? { partialPrefetching: false } : {}),
  distDir: process.env.NEXT_DIST_DIR || ".next-floor",
  poweredByHeader: false,
  turbopack: { root: path.resolve(import.meta.dirname, "../..") },
};

export default config;
