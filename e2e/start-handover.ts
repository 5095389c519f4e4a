/**
 * e2e/pack-list.spec.ts only: the clock reaches an order's handover (its slot's start becomes a
 * minute ago), so "Handed over" is allowed as it would be on the morning itself.
 *   node --import tsx --conditions=react-server e2e/start-handover.ts <orderId>
 */
import { closeDb, db } from "@/lib/server/platform/db";

const orderId = Number(process.argv[2]);
await db.orderFulfilment.update({
  where: { orderId },
  data: { startsAt: new Date(Date.now() - 60_000) },
});
await closeDb();
