/**
 * `npm run payments:reconcile [-- --days N | --since YYYY-MM-DD]`: our books against Stripe's own
 * records of the window (default the last 7 days) and every money invariant of docs/money.md
 * ("Reconciliation"), against DATABASE_URL. Prints each check, then every difference in a line of
 * its own; exits 1 on any difference, 0 when everything holds. The run is kept for /ops → Today.
 *   node --import tsx --conditions=react-server scripts/payments-reconcile.ts
 */
import { parseArgs } from "node:util";
import { closeDb } from "@/lib/server/platform/db";
import { RECONCILE_DAYS, recordReconcile } from "@/lib/server/payments/reconcile";

const { values } = parseArgs({ options: { days: { type: "string" }, since: { type: "string" } } });
const days = values.days === undefined ? RECONCILE_DAYS : Number(values.days);
const since = values.since ? new Date(values.since) : new Date(Date.now() - days * 86_400_000);
if (!(days > 0) || Number.isNaN(since.getTime())) {
  console.error("Usage: npm run payments:reconcile [-- --days N | --since YYYY-MM-DD]");
  process.exit(2);
}

const report = (await recordReconcile({ since }))!;
console.info(
  report.against === "stripe"
    ? `Our books against Stripe since ${report.since.toISOString()}, and with themselves`
    : "Demo payments: there is no Stripe to compare with; our books with themselves only",
);
for (const c of report.checks) {
  console.info(`${c.problems.length ? "FAIL" : "ok  "} ${c.name}`);
  for (const p of c.problems) console.info(`     ${p}`);
}
await closeDb();
console.info(
  report.differences ? `${report.differences} difference(s) found` : "Every check holds",
);
process.exit(report.differences ? 1 : 0);
