/**
 * `npm run payouts:run`: one payout round now (docs/money.md, "Payouts") — the same round the
 * in-process worker runs every 10 minutes, so a week is still paid once per farm however often it
 * runs. Prints what it did.
 *   node --import tsx --conditions=react-server scripts/payouts-run.ts
 */
import { closeDb, dbKind } from "@/lib/server/platform/db";
import { runPayouts } from "@/lib/server/payments/payouts";

if (dbKind() !== "postgres") {
  // PGlite allows one process per data folder: the running app's own worker pays from there.
  console.error(
    "npm run payouts:run needs PostgreSQL (DATABASE_URL=postgres://…). With the embedded database the app's in-process worker runs the payouts.",
  );
  process.exit(2);
}
const r = await runPayouts();
await closeDb();
console.info(
  `${r.created} payout(s) created; ${r.paid} paid, ${r.manual} to pay by hand, ${r.failed} failed`,
);
