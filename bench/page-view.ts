/**
 * What the server does to show a page: the requests Chromium makes while it opens `path` signed in
 * (Debian's /usr/bin/chromium, or CHROMIUM_PATH). Kept: the document and every /api read the page
 * makes to fill itself. Left out: scripts, styles, fonts and images (files the server hands out
 * from disk, as for the prerendered baseline), the live message stream (one long request per tab,
 * not per page), and prefetches of other pages (the cost of the next navigation, not of this one).
 * bench/routes.ts replays the list under load as one "page view".
 */
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/chromium";

const QUIET_MS = 1_500;

export async function recordPageView(
  base: string,
  cookie: string,
  path: string,
): Promise<string[]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext();
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    const seen: string[] = [];
    let last = Date.now();
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.origin !== new URL(base).origin) return;
      const isDocument = req.resourceType() === "document";
      const isApiRead =
        url.pathname.startsWith("/api/") &&
        url.pathname !== "/api/messages/stream" &&
        req.method() === "GET";
      if (!isDocument && !isApiRead) return;
      seen.push(url.pathname + url.search);
      last = Date.now();
    });
    const res = await page.goto(base + path, { waitUntil: "load" });
    if (!res || res.status() !== 200) throw new Error(`${path} answered ${res?.status()}`);
    // The page asks for its data once it has hydrated, after "load": the quiet time counts from
    // there. (Counted from the document alone, a machine that took over a second to load the
    // scripts recorded every page as its document only.)
    last = Math.max(last, Date.now());
    // Settled: no new request of the kinds above for 1.5 s (the message stream never ends, so
    // Playwright's "networkidle" would not come).
    const deadline = Date.now() + 20_000;
    while (Date.now() - last < QUIET_MS && Date.now() < deadline) await page.waitForTimeout(100);
    return seen;
  } finally {
    await browser.close();
  }
}
