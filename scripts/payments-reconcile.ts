/**
 * `npm run payments:reconcile`: checks every money invariant of docs/money.md ("Reconciliation")
 * against DATABASE_URL and prints each with what disagrees; exits 1 on any difference.
 *   node --import tsx --conditions=react-server scripts/payments-reconcile.ts
 */
import { closeDb } from "@/lib/server/platform/db";
import { reconcile } from "@/lib/server/payments/reconcile";

const checks = await reconcile();
let failed = 0;
for (const c of checks) {
  console.info(`${c.problems.length ? "FAIL" : "ok  "} ${c.name}`);
  for (const p of c.problems.slice(0, 50)) console.info(`     ${p}`);
  if (c.problems.length > 50) console.info(`     … and ${c.problems.length - 50} more`);
  if (c.problems.length) failed++;
}
await closeDb();
console.info(failed ? `${failed} check(s) failed` : "Every check holds");
process.exit(failed ? 1 : 0);
