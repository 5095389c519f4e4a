/**
 * A long history for the demo shopper, for bench/routes.ts' size-independence run (BENCH_HISTORY=1).
 */
import pg from "pg";

/**
 * The demo shopper's history grown in SQL, all of it older than the seed's rows (messages move to
 * higher ids first), so the first page of every list starts with what it showed before: 2,500 top-ups
 * and 2,500 order debits of the same amount (the balance still equals the ledger), 1,000 completed
 * or cancelled orders of two lines, and 2,000 messages with five farms, most with the busiest one.
 */
export async function growHistory(databaseUrl: string) {
  const { id: userId, peers } = await demoAndPeers(databaseUrl);
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query("BEGIN");
    await c.query(
      `UPDATE "OrderAdjustment" SET "messageId" = "messageId" + 100000 WHERE "messageId" IS NOT NULL`,
    );
    await c.query(`UPDATE "Message" SET id = id + 100000`);
    await c.query(
      `INSERT INTO "Message" (id, "senderId", "receiverId", content, timestamp, "isRead")
       SELECT i, CASE WHEN i % 2 = 0 THEN $1 ELSE peer END, CASE WHEN i % 2 = 0 THEN peer ELSE $1 END,
              'Older message ' || i || ' about this week''s harvest and the pickup time', now() - interval '400 days' + i * interval '3 hours', true
       FROM generate_series(1, 2000) i, LATERAL (SELECT ($2::int[])[CASE WHEN i % 10 < 6 THEN 1 ELSE 2 + i % 4 END] AS peer) p`,
      [userId, peers],
    );
    await c.query(
      `SELECT setval(pg_get_serial_sequence('"Message"', 'id'), (SELECT max(id) FROM "Message"))`,
    );
    await c.query(
      `INSERT INTO "Transaction" ("userId", type, "amountCents", description, reference, timestamp)
       SELECT $1, CASE WHEN i % 2 = 0 THEN 'top-up'::"TransactionType" ELSE 'order'::"TransactionType" END, CASE WHEN i % 2 = 0 THEN 2500 ELSE -2500 END,
              CASE WHEN i % 2 = 0 THEN 'Wallet top-up' ELSE 'Order from an earlier season' END, 'HIST-' || i, now() - interval '400 days' + i * interval '1 hour'
       FROM generate_series(1, 5000) i`,
      [userId],
    );
    const orders = await c.query(
      `INSERT INTO "Order" ("userId", "farmId", status, "totalCents", "isPaid", "itemCount", "distanceKm", "createdAt", "updatedAt", "completedAt", "cancelledAt", "checkoutRef")
       SELECT $1, f.id, CASE WHEN i % 5 = 0 THEN 'cancelled'::"OrderStatus" ELSE 'completed'::"OrderStatus" END, 2500, true, 3, 4.2,
              now() - interval '400 days' + i * interval '6 hours', now() - interval '400 days' + i * interval '6 hours',
              CASE WHEN i % 5 = 0 THEN NULL ELSE now() - interval '399 days' + i * interval '6 hours' END,
              CASE WHEN i % 5 = 0 THEN now() - interval '399 days' + i * interval '6 hours' ELSE NULL END, 'HIST-' || i
       FROM generate_series(1, 1000) i, LATERAL (SELECT id FROM "Farm" ORDER BY id OFFSET i % 5 LIMIT 1) f
       RETURNING id, "farmId"`,
      [userId],
    );
    await c.query(
      `INSERT INTO "OrderItem" ("orderId", "productId", "productName", quantity, "priceCents")
       SELECT o.id, p.id, p.name, q, 2500 / 3
       FROM unnest($1::int[], $2::int[]) AS o(id, "farmId"), LATERAL (SELECT id, name FROM "Product" WHERE "farmId" = o."farmId" ORDER BY id LIMIT 2) p, LATERAL (SELECT CASE WHEN p.id % 2 = 0 THEN 1 ELSE 2 END AS q) qq`,
      [orders.rows.map((r) => r.id), orders.rows.map((r) => r.farmId)],
    );
    await c.query("COMMIT");
    await c.query("VACUUM ANALYZE");
    const [n] = (
      await c.query(
        `SELECT (SELECT count(*) FROM "Transaction" WHERE "userId" = $1)::int AS ledger, (SELECT count(*) FROM "Order" WHERE "userId" = $1)::int AS orders,
                (SELECT count(*) FROM "Message" WHERE "senderId" = $1 OR "receiverId" = $1)::int AS messages,
                (SELECT "balanceCents" = (SELECT sum("amountCents") FROM "Transaction" WHERE "userId" = $1) FROM "Wallet" WHERE "userId" = $1) AS balanced`,
        [userId],
      )
    ).rows;
    return {
      ...(n as { ledger: number; orders: number; messages: number; balanced: boolean }),
      peer: peers[0],
    };
  } finally {
    await c.end();
  }
}

/** The demo shopper's id and the farmers it talks to, busiest chat first (then the other farms). */
async function demoAndPeers(databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const [{ id }] = (await c.query(`SELECT id FROM "User" WHERE email = 'demo@fieldfare.app'`))
      .rows;
    const talked = (
      await c.query(
        `SELECT peer FROM (SELECT CASE WHEN "senderId" = $1 THEN "receiverId" ELSE "senderId" END AS peer FROM "Message" WHERE $1 IN ("senderId", "receiverId")) m
         JOIN "User" u ON u.id = m.peer AND u."userType" = 'farmer' GROUP BY peer ORDER BY count(*) DESC, peer`,
        [id],
      )
    ).rows.map((r) => r.peer as number);
    const farmers = (await c.query(`SELECT "userId" FROM "Farm" ORDER BY id`)).rows.map(
      (r) => r.userId as number,
    );
    return { id: id as number, peers: [...new Set([...talked, ...farmers])].slice(0, 5) };
  } finally {
    await c.end();
  }
}
