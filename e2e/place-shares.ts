/**
 * e2e/shares.spec.ts only: the clock reaches one plan's published box cutoff (its dueAt becomes
 * now) and a worker round runs beside the server, as `npm run worker` would (PostgreSQL: FOR
 * UPDATE SKIP LOCKED shares the due members with the server's own worker). Prints what each
 * member's box became, in membership order, whichever worker handled it.
 *   node --import tsx --conditions=react-server e2e/place-shares.ts <planId>
 */
import { closeDb, db } from "@/lib/server/platform/db";
import { placeDueBoxes } from "@/lib/server/shares/worker";

const planId = Number(process.argv[2]);
const now = new Date();
await db.shareBox.updateMany({ where: { planId, placedAt: null }, data: { dueAt: now } });
await placeDueBoxes(new Date(now.getTime() + 1_000));
const choices = await db.$transaction(async (tx) => {
  // A member the server's worker holds is locked until its box is recorded: wait for it.
  await tx.$queryRaw`SELECT id FROM "ShareMembership" WHERE "planId" = ${planId} FOR UPDATE`;
  return tx.shareBoxChoice.findMany({
    where: { membership: { planId }, status: { not: null } },
    select: { membershipId: true, status: true, orderId: true, reason: true },
    orderBy: { membershipId: "asc" },
  });
});
console.log(JSON.stringify(choices));
await closeDb();
