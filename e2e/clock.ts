import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { tzOffset } from "../lib/tz";
import { serverSecret } from "./support";

/**
 * Both clocks a test about the day and hour needs (docs/fulfilment.md, "Testing at a given time"):
 * the browser's (Playwright's page.clock) and the server's business clock, which the e2e server
 * moves for this browser context alone by the signed cookie lib/server/platform/clock.ts reads.
 * Both then run on from the instant set.
 */
export const TEST_CLOCK_COOKIE = "ff_test_clock";

/**
 * A wall clock time in a zone ("2026-12-01T13:45") as an instant, by the repo's tz data (the
 * server's): never a fixed UTC instant, since zone rules change (British Columbia left PST in 2026).
 */
export function wallTime(local: string, zone = "America/Vancouver"): Date {
  const asUtc = Date.parse(`${local}:00Z`);
  const first = asUtc - tzOffset(zone, asUtc)! * 60_000;
  return new Date(asUtc - tzOffset(zone, first)! * 60_000);
}

const installed = new WeakSet<Page>();

/** Sets the browser's and the server's clock of the page's context to `at`; call before the page opens. */
export async function setClock(page: Page, at: Date, baseURL: string): Promise<void> {
  const offset = String(Math.round(at.getTime() - Date.now()));
  const mac = crypto
    .createHmac("sha256", serverSecret())
    .update(`test-clock:${offset}`)
    .digest("base64url");
  await page
    .context()
    .addCookies([{ name: TEST_CLOCK_COOKIE, value: `${offset}.${mac}`, url: baseURL }]);
  if (installed.has(page)) {
    await page.clock.setSystemTime(at);
  } else {
    await page.clock.install({ time: at });
    installed.add(page);
  }
}
