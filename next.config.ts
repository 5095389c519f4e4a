import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite ships wasm + data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@node-rs/argon2", "pg"],
  // Build output of tests and benches may run beside the dev server; keep them apart.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
};

export default nextConfig;
