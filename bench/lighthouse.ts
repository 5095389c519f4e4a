/**
 * Lighthouse on the public site. Run against a production server:
 *   npm run build && npm run serve   (or scripts/serve.ts)
 *   BENCH_URL=http://localhost:3000 npx tsx bench/lighthouse.ts
 * Env: BENCH_URL (default http://localhost:3000), BENCH_PAGES (comma list, default /,/pricing,/about),
 * BENCH_PRESET=mobile|desktop (default mobile, Lighthouse's own default), BENCH_RUNS (default 1; the
 * median performance run is kept), CHROMIUM_PATH (default /usr/bin/chromium), BENCH_COOKIE (a
 * session cookie, `name=value`, put in Chromium's cookie jar with the signed-in hint, for the signed-in pages; the file is then
 * lighthouse-<preset>-signed-in.json), BENCH_FLOOR_URL (pages of the framework's floor, bench/floor/,
 * comma-separated, audited in the same runs as ours: what a bare Next page scores on this machine
 * and Chromium).
 * Prints the four category scores and the JavaScript shipped per page; writes
 * bench/out/lighthouse-<preset>.json.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/cookie-names";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const base = (process.env.BENCH_URL || "http://localhost:3000").replace(/\/$/, "");
const pages = (process.env.BENCH_PAGES || "/,/pricing,/about")
  .split(",")
  .map((p) => p.trim())
  .filter(Boolean);
const preset = process.env.BENCH_PRESET === "desktop" ? "desktop" : "mobile";
const runs = Math.max(1, Number(process.env.BENCH_RUNS || 1));
const cookie = process.env.BENCH_COOKIE;
const floorUrls = (process.env.BENCH_FLOOR_URL ?? "")
  .split(",")
  .map((u) => u.trim())
  .filter(Boolean);
/** What is audited: our pages, then the floor's pages (labelled as such in the results). */
const targets = [
  ...pages.map((p) => ({ label: p, url: `${base}${p}`, floor: false })),
  ...floorUrls.map((url) => ({
    label: `bare Next page (bench/floor ${new URL(url).pathname})`,
    url,
    floor: true,
  })),
];
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

type NetworkItem = {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
};
type PageResult = {
  path: string;
  /** The framework's floor, not a page of ours. */
  floor: boolean;
  scores: Record<(typeof categories)[number], number>;
  jsTransferBytes: number;
  jsDecodedBytes: number;
  jsFiles: number;
  metrics: Record<string, number | undefined>;
  failedAudits: { id: string; title: string; score: number | null }[];
};

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

/**
 * Signed in as a browser is: the session cookie and the signed-in hint in Chromium's own cookie
 * jar (Lighthouse leaves cookies alone between runs). Sent as an extra `Cookie` header instead, the
 * session vanished from every request once the page wrote a cookie of its own (the hint), and the
 * page saw 401s that no signed-in browser sees.
 */
if (cookie) {
  const [name, ...rest] = cookie.split("=");
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  await cdp.contexts()[0].addCookies([
    { name, value: rest.join("="), url: base, httpOnly: true, sameSite: "Lax" },
    { name: SIGNED_IN_HINT_COOKIE, value: "1", url: base, sameSite: "Lax" },
  ]);
  await cdp.close();
}

/**
 * One Lighthouse run. Lighthouse itself sometimes loses the page-load trace on a fresh Chromium
 * (NO_NAVSTART, NO_FCP: "Please run Lighthouse again"); such a run is repeated, at most twice.
 */
async function audit(
  p: string,
  url: string,
  retries = 2,
): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"]> {
  const runner = await lighthouse(
    url,
    { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...categories] },
    preset === "desktop" ? desktopConfig : undefined,
  );
  if (!runner) throw new Error(`Lighthouse returned nothing for ${p}`);
  const error = runner.lhr.runtimeError;
  if (!error) return runner.lhr;
  if (retries > 0 && /^NO_(NAVSTART|FCP)/.test(error.code ?? "")) {
    console.log(`  ${p}: Lighthouse ${error.code}, running again`);
    return audit(p, url, retries - 1);
  }
  throw new Error(`${p}: ${error.code} ${error.message}`);
}

const results: PageResult[] = [];
try {
  for (const { label: p, url, floor } of targets) {
    const attempts: PageResult[] = [];
    for (let i = 0; i < runs; i++) {
      const lhr = await audit(p, url);
      const items = (
        (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ??
        []
      ).filter((it) => it.resourceType === "Script");
      const metric = (id: string) => lhr.audits[id]?.numericValue;
      attempts.push({
        path: p,
        floor,
        scores: Object.fromEntries(
          categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
        ) as PageResult["scores"],
        jsTransferBytes: items.reduce((s, it) => s + (it.transferSize ?? 0), 0),
        jsDecodedBytes: items.reduce((s, it) => s + (it.resourceSize ?? 0), 0),
        jsFiles: items.length,
        metrics: {
          fcpMs: metric("first-contentful-paint"),
          lcpMs: metric("largest-contentful-paint"),
          tbtMs: metric("total-blocking-time"),
          cls: metric("cumulative-layout-shift"),
          speedIndexMs: metric("speed-index"),
        },
        failedAudits: Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              a.scoreDisplayMode !== "informative" &&
              a.scoreDisplayMode !== "notApplicable" &&
              a.scoreDisplayMode !== "manual",
          )
          .map((a) => ({ id: a.id, title: a.title, score: a.score })),
      });
    }
    attempts.sort((a, b) => a.scores.performance - b.scores.performance);
    results.push(attempts[Math.floor(attempts.length / 2)]);
  }
} finally {
  chrome.kill();
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`Lighthouse ${preset} · ${base} · ${runs} run(s) per page`);
console.log(
  "page".padEnd(12),
  "perf",
  "a11y",
  "b-p ",
  "seo ",
  "JS transfer",
  "JS decoded",
  "files",
  "LCP",
  "TBT",
);
for (const r of results) {
  console.log(
    r.path.padEnd(12),
    String(r.scores.performance).padStart(4),
    String(r.scores.accessibility).padStart(4),
    String(r.scores["best-practices"]).padStart(4),
    String(r.scores.seo).padStart(4),
    kb(r.jsTransferBytes).padStart(11),
    kb(r.jsDecodedBytes).padStart(10),
    String(r.jsFiles).padStart(5),
    `${Math.round(r.metrics.lcpMs ?? 0)}ms`,
    `${Math.round(r.metrics.tbtMs ?? 0)}ms`,
  );
  for (const a of r.failedAudits) console.log(`    ↳ ${a.id} (${a.score}): ${a.title}`);
}
const outDir = path.join(import.meta.dirname, "out");
fs.mkdirSync(outDir, { recursive: true });
// One file per preset, so `npm run bench` can keep both (lighthouse-mobile.json, lighthouse-desktop.json).
const file = path.join(outDir, `lighthouse-${preset}${cookie ? "-signed-in" : ""}.json`);
fs.writeFileSync(
  file,
  JSON.stringify(
    { base, preset, signedIn: !!cookie, runs, at: new Date().toISOString(), results },
    null,
    2,
  ),
);
console.log(`wrote ${file}`);
