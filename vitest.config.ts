import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: path.resolve(import.meta.dirname) + "/" },
      // `server-only` throws outside React Server Components; tests run server code directly.
      {
        find: /^server-only$/,
        replacement: path.resolve(import.meta.dirname, "tests/support/empty.ts"),
      },
    ],
  },
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup-db.ts"],
    pool: "forks",
    maxWorkers: 2,
    // Generous: CI shares 2 cores with builds; no test asserts on time.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // In-process tests change session rows behind the app's back and assert on the very next call;
    // the session and catalog caches (announced over LISTEN/NOTIFY, so milliseconds later) have
    // their own tests (tests/auth/session-cache.test.ts, tests/catalog/catalog-cache.test.ts).
    env: {
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      NODE_ENV: "test",
      SESSION_CACHE_SECONDS: "0",
      CATALOG_CACHE_SECONDS: "0",
    },
  },
});
