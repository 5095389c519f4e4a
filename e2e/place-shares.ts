/**
 * e2e/shares.spec.ts only: the clock reaches one plan's published box cutoff (its dueAt becomes
 * now) and a worker round runs beside the server, as `npm run worker` would (PostgreSQL: FOR
 * UPDATE SKIP LOCKED shares the due members with the server's own worker).
 *   node --import tsx --conditions=react-server e2e/place-shares.ts <planId>
 */
import { closeDb, db } from "@/lib/server/platform/db";
import { placeDueBoxes } from "@/lib/server/shares/worker";

const planId = Number(process.argv[2]);
const now = new Date();
await db.shareBox.updateMany({ where: { planId, placedAt: null }, data: { dueAt: now } });
const outcomes = await placeDueBoxes(new Date(now.getTime() + 1_000));
const mine = await db.shareMembership.findMany({ where: { planId }, select: { id: true } });
const ids = new Set(mine.map((m) => m.id));
console.log(JSON.stringify(outcomes.filter((o) => ids.has(o.membershipId))));
await closeDb();
