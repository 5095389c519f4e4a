import { inTransaction } from "@/lib/server/platform/transaction";
import type { SeedDb, SeedLog } from "./types";
import { ensureCategories } from "./categories";
import {
  SEED_EMAILS,
  ensureBusinessAccounts,
  ensureFarms,
  ensureProducts,
  ensureUsers,
  hashesFor,
} from "./catalog";
import { ensureConversations, ensureDemoActivity } from "./demo";
import {
  ensureDemoAddresses,
  ensureDemoAdjustment,
  ensureDemoHandovers,
  ensureFulfilment,
} from "./fulfilment";
import { ensureStandingOrders } from "./standing";
import { ensureFreshSheet } from "./fresh-sheet";
import { ensureAccount } from "./account";
import { ensureFarmEarnings } from "./payouts";
import { ensureReportSales } from "./report-sales";
import { ensureOps, OPS_EMAILS, opsHashesFor } from "./ops";
import { ensureFarmerPackDays } from "./pack-days";
import { ensureShares } from "./shares";
import { ensureHub } from "./hubs";

export { seedScale, countScaleProducts } from "./scale";
export type { SeedDb, SeedLog } from "./types";

/** True when nothing has been written yet: `npm start` seeds only such a database. */
export async function isDatabaseEmpty(db: SeedDb): Promise<boolean> {
  const [users, categories, farms, products] = [
    await db.user.count(),
    await db.category.count(),
    await db.farm.count(),
    await db.product.count(),
  ];
  return users + categories + farms + products === 0;
}

/**
 * Seeds the demo catalog and the demo shopper. Idempotent: every row has a natural key (category
 * name, user email, farm owner, product name within its farm, the demo wallet, a conversation's
 * pair of users) and existing rows are never modified, so a second run writes nothing. One
 * transaction, so an interrupted run leaves the database as it was.
 */
export async function seed(db: SeedDb, opts: { log?: SeedLog; now?: Date } = {}): Promise<void> {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();

  // Hash before opening the transaction: argon2 takes a while and must not hold it open.
  const existing = await db.user.findMany({
    where: { email: { in: SEED_EMAILS } },
    select: { email: true },
  });
  const have = new Set(existing.map((u) => u.email));
  const hashes = await hashesFor(new Set(SEED_EMAILS.filter((e) => !have.has(e))));
  const opsHave = await db.user.findMany({
    where: { email: { in: OPS_EMAILS } },
    select: { email: true },
  });
  const opsHashes = await opsHashesFor(
    new Set(OPS_EMAILS.filter((e) => !opsHave.some((u) => u.email === e))),
  );

  await inTransaction(
    async (tx) => {
      const categoryIds = await ensureCategories(tx, log);
      const userIds = await ensureUsers(tx, hashes, now, log);
      const farmIds = await ensureFarms(tx, userIds, log);
      const ctx = { tx, userIds, farmIds, now, log };
      await ensureBusinessAccounts(tx, userIds, log);
      await ensureProducts(tx, farmIds, categoryIds, log);
      await ensureFulfilment(tx, farmIds, log);
      await ensureDemoAddresses(tx, userIds, log);
      await ensureDemoActivity(ctx);
      await ensureDemoHandovers(ctx);
      await ensureFarmerPackDays(ctx);
      await ensureConversations(tx, userIds, now, log);
      // After the conversations: a pair that already talked gets no seeded conversation.
      await ensureDemoAdjustment(ctx);
      await ensureStandingOrders(ctx);
      await ensureShares(ctx);
      await ensureHub(ctx);
      await ensureFreshSheet(ctx);
      await ensureAccount(ctx);
      await ensureReportSales(ctx);
      await ensureFarmEarnings(tx, now, log);
      await ensureOps(tx, opsHashes, now, log);
    },
    { maxWait: 30_000, timeout: 300_000 },
  );
}
