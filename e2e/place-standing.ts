/**
 * e2e/restaurant.spec.ts only: the clock reaches one standing order's placement time (its
 * nextDueAt becomes now) and a worker round runs beside the server, as `npm run worker` would
 * (PostgreSQL: FOR UPDATE SKIP LOCKED shares the due rows with the server's own worker).
 *   node --import tsx --conditions=react-server e2e/place-standing.ts <standingOrderId>
 */
import { closeDb, db } from "@/lib/server/platform/db";
import { placeDueStandingOrders } from "@/lib/server/standing/worker";

const id = Number(process.argv[2]);
await db.standingOrder.update({ where: { id }, data: { nextDueAt: new Date() } });
const outcomes = await placeDueStandingOrders(new Date());
console.log(JSON.stringify(outcomes.filter((o) => o.standingOrderId === id)));
await closeDb();
