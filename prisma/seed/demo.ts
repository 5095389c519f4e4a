import { hex } from "./refs";
import { DEMO_USER, FARMS } from "@/prisma/seed-data/catalog";
import { CONVERSATIONS, DEMO_LEDGER } from "@/prisma/seed-data/demo-activity";
import { farmTaxRates } from "@/lib/server/tax/rates";
import { haveTalked } from "@/lib/server/messages/have-talked";
import { computeTaxes, taxTotal } from "@/lib/tax";
import type { TransactionType } from "@/lib/generated/prisma/client";
import type { SeedContext, SeedLog, Tx } from "./types";

const KM_PER_MILE = 1.609344;

/**
 * The demo shopper's wallet, ledger and orders, written together: the wallet row is the marker, so
 * a second run (or a demo account that already has a wallet) writes nothing. The balance is the sum
 * of the ledger by construction (docs/money.md).
 */
export async function ensureDemoActivity(ctx: SeedContext): Promise<void> {
  const { tx, userIds, farmIds, now, log } = ctx;
  const userId = userIds.get(DEMO_USER.email)!;
  if (await tx.wallet.findUnique({ where: { userId }, select: { id: true } })) {
    log("demo wallet: exists (history unchanged)");
    return;
  }
  const at = (agoMs: number) => new Date(now.getTime() - agoMs);
  const farmBySlug = new Map(FARMS.map((f) => [f.slug, f]));
  const products = await tx.product.findMany({
    where: { farmId: { in: [...farmIds.values()] } },
    select: { id: true, farmId: true, name: true, priceCents: true, taxClass: true },
  });
  const productOf = (farmId: number, name: string) => {
    const p = products.find((x) => x.farmId === farmId && x.name === name);
    if (!p) throw new Error(`seed: demo order names an unknown product "${name}"`);
    return p;
  };

  let balance = 0;
  let orders = 0;
  let ledgerRows = 0;
  /** One row of the shopper's ledger, as a top-up, a checkout or a cancel writes it. */
  const ledgerRow = (
    type: TransactionType,
    amountCents: number,
    description: string,
    reference: string,
    timestamp: Date,
  ) => {
    ledgerRows++;
    return tx.transaction.create({
      data: { userId, type, amountCents, description, reference, timestamp },
    });
  };
  for (const event of DEMO_LEDGER) {
    const when = at(event.agoMs);
    if (event.kind === "top-up") {
      balance += event.amountCents;
      await ledgerRow("top_up", event.amountCents, "Wallet top-up", `TOP-${hex(5)}`, when);
      continue;
    }

    const checkoutRef = `CO-${hex(6)}`;
    const created: {
      id: number;
      totalCents: number;
      farmName: string;
      status: string;
      closedAt?: Date;
    }[] = [];
    for (const o of event.orders) {
      const farm = farmBySlug.get(o.farm)!;
      const farmId = farmIds.get(o.farm)!;
      const items = o.items.map(([name, quantity]) => {
        const p = productOf(farmId, name);
        return {
          productId: p.id,
          productName: p.name,
          quantity,
          priceCents: p.priceCents,
          taxClass: p.taxClass,
        };
      });
      // Taxed as a checkout would (docs/money.md, "Taxes"); demo orders have no delivery fee.
      const taxRates = (await farmTaxRates(tx, [farmId], when)).get(farmId) ?? [];
      const taxes = computeTaxes(
        items.map((i) => ({ amountCents: i.priceCents * i.quantity, taxClass: i.taxClass })),
        0,
        taxRates,
      );
      const totalCents =
        items.reduce((sum, i) => sum + i.priceCents * i.quantity, 0) + taxTotal(taxes);
      const closedAt =
        o.closedAfterMs === undefined ? undefined : new Date(when.getTime() + o.closedAfterMs);
      const events: {
        status: "active" | "completed" | "cancelled";
        note: string;
        createdAt: Date;
      }[] = [{ status: "active", note: "Paid from wallet", createdAt: when }];
      if (o.status === "completed")
        events.push({ status: "completed", note: "Delivered", createdAt: closedAt! });
      if (o.status === "cancelled")
        events.push({
          status: "cancelled",
          note: "Cancelled by you · refunded to your wallet",
          createdAt: closedAt!,
        });
      const order = await tx.order.create({
        data: {
          userId,
          farmId,
          status: o.status,
          totalCents,
          isPaid: true,
          itemCount: items.reduce((n, i) => n + i.quantity, 0),
          distanceKm: Math.round(farm.distance * KM_PER_MILE * 10) / 10,
          checkoutRef,
          taxRates,
          taxes,
          createdAt: when,
          updatedAt: closedAt ?? when,
          completedAt: o.status === "completed" ? closedAt : null,
          cancelledAt: o.status === "cancelled" ? closedAt : null,
          items: { create: items },
          events: { create: events },
        },
        select: { id: true },
      });
      orders++;
      created.push({
        id: order.id,
        totalCents,
        farmName: farm.farmName,
        status: o.status,
        closedAt,
      });
    }

    // Same ledger shape as a real checkout and cancel (lib/server/orders): one row per order.
    for (const o of created) {
      balance -= o.totalCents;
      if (balance < 0) throw new Error("seed: the demo ledger would overdraw the wallet");
      const description = `Order #${o.id} from ${o.farmName}`;
      await ledgerRow("order", -o.totalCents, description, `ORDER-${o.id}`, when);
    }
    for (const o of created.filter((x) => x.status === "cancelled")) {
      balance += o.totalCents;
      const description = `Refund for order #${o.id} from ${o.farmName}`;
      await ledgerRow("refund", o.totalCents, description, `ORDER-${o.id}`, o.closedAt!);
    }
  }

  await tx.wallet.create({
    data: {
      userId,
      walletId: DEMO_USER.walletId,
      balanceCents: balance,
      createdAt: at(DEMO_LEDGER[0].agoMs),
    },
  });
  log(
    `demo wallet: ${DEMO_USER.walletId}, balance ${(balance / 100).toFixed(2)} (${ledgerRows} ledger rows, ${orders} orders)`,
  );
}

/** Conversations keyed by the pair of users: a pair that already talked is left alone. */
export async function ensureConversations(
  tx: Tx,
  userIds: Map<string, number>,
  now: Date,
  log: SeedLog,
): Promise<void> {
  const ownerEmail = new Map(FARMS.map((f) => [f.slug, f.owner.email]));
  let created = 0;
  let messages = 0;
  for (const c of CONVERSATIONS) {
    const a = userIds.get(c.a)!;
    const b = userIds.get(ownerEmail.get(c.farm)!)!;
    if (await haveTalked(tx, a, b)) continue;
    await tx.message.createMany({
      data: [...c.messages]
        .sort((x, y) => y.agoMs - x.agoMs)
        .map((m) => ({
          senderId: m.from === "a" ? a : b,
          receiverId: m.from === "a" ? b : a,
          content: m.text,
          isRead: m.read,
          timestamp: new Date(now.getTime() - m.agoMs),
        })),
    });
    created++;
    messages += c.messages.length;
  }
  log(`conversations: ${CONVERSATIONS.length} (${created} new, ${messages} messages)`);
}
