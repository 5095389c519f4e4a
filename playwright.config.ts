import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions as launchOptions } from "./e2e/chromium";

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

/**
 * The specs that also run at 390 px: the layouts themselves (e2e/widths.spec.ts opens every
 * signed-in page and tab there: no overflow, no axe finding), the visitor's public site, and the
 * journeys of people who work from a phone (the farmer's day, the shopper browsing and buying,
 * the chef's link from an email). The rest test what the server and the page do, the same at both
 * widths. Every spec at both widths took 60 of CI's 74 minutes; Chromium is most of that CPU.
 */
const PHONE_SPECS = [
  "cart",
  "farmer",
  "fresh-sheet-email",
  "home",
  "journeys",
  "marketing",
  "messages-layout",
  "offline",
  "pack-list",
  "passkeys",
  "product-page",
  "push",
  "roles",
  "shares",
  "shell",
  "today",
  "widths",
].map((name) => `${name}.spec.ts`);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  // No retries anywhere: a test that passes on its second try is a flaky test, and is fixed.
  retries: 0,
  // Generous: several specs walk many pages and audit each (axe, layout), which took 56-58 s of a
  // 60 s budget on a slow CI host and then ran out on one project. No test asserts on time.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: { baseURL, trace: "retain-on-failure", launchOptions },
  projects: [
    // Tests about one layout only (the desktop header menu, the mobile drawer) carry a tag and run
    // in that project alone, instead of being reported as skipped in the other.
    {
      name: "desktop",
      grepInvert: /@mobile-only/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: "mobile",
      testMatch: PHONE_SPECS,
      grepInvert: /@desktop-only/,
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions },
    },
  ],
  webServer: {
    command: "node --import tsx scripts/e2e-server.ts",
    url: `${baseURL}/api/health`,
    env: { PORT: String(port) },
    timeout: 600_000,
    reuseExistingServer: false,
    // SIGTERM first, so scripts/e2e-server.ts drops its database (uploads included; the default is
    // an immediate SIGKILL, which left one ff_e2e_* database behind per run).
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "pipe",
  },
});
