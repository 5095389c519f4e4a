/**
 * Email sender throughput: 1,000 queued notifications (a farm's new-order email, to 1,000
 * recipients) sent by SENDERS concurrent senders (the same sendDueNotifications loop the app and
 * `npm run worker` run: leased claims with FOR UPDATE SKIP LOCKED) over pooled SMTP connections to
 * a local smtp-server in this process, on a fresh PostgreSQL database. Reports emails per second
 * and checks exactly once: 1,000 emails arrived, 1,000 distinct Message-IDs, every row `sent`.
 * Run: node --import tsx --conditions=react-server bench/notifications.ts
 * Env: BENCH_NOTIFICATIONS (default 1000), BENCH_SENDERS (default 2).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { createBenchFarm, migratedPostgres, writeVerdict } from "./support";

const N = Number(process.env.BENCH_NOTIFICATIONS ?? 1000);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 2);
const database = await migratedPostgres("ff_bench_notify", "bench/notifications.ts");

// The receiving side: counts each message's Message-ID (no parsing beyond that header).
const received: string[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    let head = "";
    stream.on("data", (chunk: Buffer) => {
      if (head.length < 4096) head += chunk.toString("latin1");
    });
    stream.on("end", () => {
      received.push(/^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? "?");
      callback();
    });
  },
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;

const { db, closeDb } = await import("@/lib/server/platform/db");
const { sendDueNotifications } = await import("@/lib/server/emails/sender");
const { smtpMailer } = await import("@/lib/server/emails/transport");
const { closeListener } = await import("@/lib/server/platform/notify");

try {
  const { farm, product } = await createBenchFarm(db, 1000);
  const buyer = await db.user.create({
    data: { email: "buyer@bench.test", fullName: "Bench Buyer", passwordHash: "x" },
  });
  const order = await db.order.create({
    data: {
      userId: buyer.id,
      farmId: farm.id,
      status: "active",
      isPaid: true,
      totalCents: 900,
      itemCount: 2,
      distanceKm: 3,
      checkoutRef: "CO-BENCH",
      items: {
        create: [
          { productId: product.id, productName: product.name, quantity: 2, priceCents: 450 },
        ],
      },
    },
  });
  await db.user.createMany({
    data: Array.from({ length: N }, (_, i) => ({
      email: `reader${i}@bench.test`,
      fullName: `Reader ${i}`,
      passwordHash: "x",
    })),
  });
  const readers = await db.user.findMany({
    where: { email: { startsWith: "reader" } },
    select: { id: true, email: true },
    orderBy: { id: "asc" },
  });
  // Emails go only to verified addresses (docs/accounts.md): the readers confirmed theirs.
  await db.emailVerification.createMany({
    data: readers.map((r) => ({ userId: r.id, email: r.email })),
  });
  await db.notification.createMany({
    data: readers.map((r) => ({
      userId: r.id,
      kind: "order_received",
      payload: { orderId: order.id },
      dedupeKey: `bench:${r.id}`,
    })),
  });
  console.log(`${N} notifications queued; ${SENDERS} senders → ${smtpUrl}`);

  const mailers = Array.from({ length: SENDERS }, () => smtpMailer(smtpUrl));
  const now = new Date(Date.now() + 1000);
  const t0 = performance.now();
  const rounds = await Promise.all(mailers.map((mailer) => sendDueNotifications({ mailer, now })));
  const seconds = (performance.now() - t0) / 1000;
  for (const m of mailers) m.close();

  const sentRows = await db.notification.count({ where: { status: "sent" } });
  const distinct = new Set(received).size;
  const reported = rounds.reduce((s, r) => s + r.sent, 0);
  const exactlyOnce = received.length === N && distinct === N && sentRows === N && reported === N;
  const perSecond = N / seconds;
  console.log(
    `sent ${received.length} emails (${distinct} distinct Message-IDs, ${sentRows} rows sent) in ${seconds.toFixed(2)} s: ${perSecond.toFixed(1)}/s; exactly once: ${exactlyOnce}`,
  );
  writeVerdict("notifications", exactlyOnce, {
    database: "postgresql",
    notifications: N,
    senders: SENDERS,
    seconds,
    perSecond,
    received: received.length,
    distinct,
    sentRows,
    exactlyOnce,
  });
} finally {
  await closeListener();
  await closeDb();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.drop();
}
