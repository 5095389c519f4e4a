/**
 * e2e/fresh-sheet-email.spec.ts only: the farm's sheet is due now (the spec set its day and hour),
 * and a round of the notifications worker's fresh-sheet scan runs beside the server, as
 * `npm run worker` would. The week's claim is released first, so readers who arrived after this
 * week's send (the spec's own restaurant) are queued; the dedupe key keeps everyone else's email
 * single. The server's own sender then sends what was queued.
 *   node --import tsx --conditions=react-server e2e/send-fresh-sheet.ts <farmId>
 */
import { closeDb, db } from "@/lib/server/platform/db";
import { queueFreshSheets } from "@/lib/server/notifications/fresh-sheets";

const farmId = Number(process.argv[2]);
await db.farm.update({ where: { id: farmId }, data: { freshSheetQueuedFor: null } });
console.log(JSON.stringify({ queued: await queueFreshSheets(new Date()) }));
await closeDb();
