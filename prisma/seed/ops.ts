import { hashPassword } from "@/lib/server/auth/password";
import { enqueueSheetRow } from "@/lib/server/sheets/outbox";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { recordPayoutEntry } from "@/lib/server/payments/payouts";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { SeedLog, Tx } from "./types";

/**
 * The ops console's demo (docs/operations.md): the staff account, a business application waiting,
 * a manual payout waiting to be paid by hand and the failed email about it — so every screen has
 * something to act on after
 * `npm start`. Each piece has its own natural key; a second run writes nothing.
 */
export const OPS_STAFF = {
  email: "ops@fieldfare.app",
  password: "harvest-ops-2026",
  fullName: "Fieldfare Ops",
};
export const OPS_APPLICANT = {
  email: "noah.patel@example.com",
  password: "harvest-demo-2026",
  fullName: "Noah Patel",
  company: {
    companyName: "Lakeshore Kitchen",
    businessNumber: "845216739",
    address: "3290 Lakeshore Rd, Kelowna, BC",
    postalCode: "V1W 3S9",
  },
};
/** A shopper whose card top-up was disputed: their wallet is on hold (Ops → People). */
export const OPS_DISPUTED = {
  email: "liam.brooks@example.com",
  password: "harvest-demo-2026",
  fullName: "Liam Brooks",
};
export const OPS_EMAILS = [OPS_STAFF.email, OPS_APPLICANT.email, OPS_DISPUTED.email];

/** Hashed before the seed's transaction (argon2 is slow): only for accounts still missing. */
export async function opsHashesFor(missing: Set<string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const who of [OPS_STAFF, OPS_APPLICANT, OPS_DISPUTED])
    if (missing.has(who.email)) out.set(who.email, await hashPassword(who.password));
  return out;
}

/** One of these accounts with its email's verification row, as sign-up writes it; `more` adds the rest. */
function createAccount(
  tx: Tx,
  who: { email: string; fullName: string },
  passwordHash: string,
  more: Omit<Prisma.UserCreateInput, "email" | "fullName" | "passwordHash"> = {},
) {
  return tx.user.create({
    data: {
      email: who.email,
      fullName: who.fullName,
      passwordHash,
      emailVerification: { create: { email: who.email } },
      ...more,
    },
  });
}

export async function ensureOps(
  tx: Tx,
  hashes: Map<string, string>,
  now: Date,
  log: SeedLog,
): Promise<void> {
  const staffHash = hashes.get(OPS_STAFF.email);
  if (staffHash) await createAccount(tx, OPS_STAFF, staffHash, { role: "staff", verified: true });
  const applicantHash = hashes.get(OPS_APPLICANT.email);
  if (applicantHash)
    await createAccount(tx, OPS_APPLICANT, applicantHash, {
      address: OPS_APPLICANT.company.address,
      businessAccount: {
        create: { ...OPS_APPLICANT.company, createdAt: new Date(now.getTime() - 86_400_000) },
      },
    });

  // A manual payout: this week's unpaid earnings of the farm that earned last, waiting for ops to
  // send the e-transfer (its email bounced), as a payout run without Stripe leaves it. The other
  // farms keep their balance for the next payout run (e2e/stripe.spec.ts pays the oldest).
  let manual = 0;
  if (!(await tx.payout.count({ where: { status: "pending_manual" } }))) {
    const [farm] = await tx.$queryRaw<{ farmId: number; total: number; ownerId: number }[]>`
      SELECT e."farmId", SUM(e."amountCents")::int AS "total", f."userId" AS "ownerId"
      FROM "FarmLedgerEntry" e JOIN "Farm" f ON f."id" = e."farmId"
      WHERE e."payoutId" IS NULL
        AND NOT EXISTS (SELECT 1 FROM "Payout" p WHERE p."farmId" = e."farmId")
      GROUP BY e."farmId", f."userId" HAVING SUM(e."amountCents") > 1
      ORDER BY MAX(e."createdAt") DESC, e."farmId" LIMIT 1`;
    for (const amountCents of farm ? [farm.total] : []) {
      const periodEnd = now.toISOString().slice(0, 10);
      const payout = await tx.payout.create({
        data: {
          farmId: farm.farmId,
          periodEnd,
          amountCents,
          status: "pending_manual",
          createdAt: now,
        },
      });
      await tx.farmLedgerEntry.updateMany({
        where: { farmId: farm.farmId, payoutId: null },
        data: { payoutId: payout.id },
      });
      await recordPayoutEntry(tx, payout, now);
      // Its email could not be delivered: the Outboxes screen shows it failed, with the error.
      await tx.notification.create({
        data: {
          userId: farm.ownerId,
          kind: "payout_sent",
          payload: { payoutId: payout.id },
          dedupeKey: `payout_sent-${payout.id}`,
          status: "failed",
          attempts: 12,
          lastError: "421 4.7.0 Try again later, closing connection (demo)",
          createdAt: now,
          nextAttemptAt: now,
        },
      });
      manual++;
    }
  }
  const submissions = await ensureSubmissions(tx, now);
  const held = await ensureDisputedWallet(tx, hashes.get(OPS_DISPUTED.email), now);
  log(
    `ops: staff ${OPS_STAFF.email}, 1 application waiting, ${manual} new manual payout(s), ${submissions} new waitlist/demo row(s), ${held} new wallet hold(s)`,
  );
}

/**
 * The Waitlist screen's demo: a waitlist row already in the sheet, one the sheet refused (with
 * Google's error) and a demo request waiting to sync — written as the forms write them (the
 * submission and its outbox row), keyed by their submission ids.
 */
const SUBMISSIONS = [
  {
    submissionId: "SEED-WL-0001",
    source: "waitlist",
    fullName: "Grace Okafor",
    email: "grace@okanaganroots.example",
    companyName: "Okanagan Roots Farm",
    role: "farmer",
    status: "synced",
    lastError: null,
    hoursAgo: 50,
  },
  {
    submissionId: "SEED-WL-0002",
    source: "waitlist",
    fullName: "Tom Reyes",
    email: "tom@kettlevalleygreens.example",
    companyName: "Kettle Valley Greens",
    role: "farmer",
    status: "failed",
    lastError: "403 The caller does not have permission (demo)",
    hoursAgo: 26,
  },
  {
    submissionId: "SEED-DM-0001",
    source: "demo",
    fullName: "Priya Shah",
    email: "priya@benchbakery.example",
    companyName: "Bench Bakery",
    role: "restaurant",
    status: "pending",
    lastError: null,
    hoursAgo: 3,
  },
] as const;

async function ensureSubmissions(tx: Tx, now: Date): Promise<number> {
  let made = 0;
  for (const s of SUBMISSIONS) {
    if (await tx.sheetsOutbox.findUnique({ where: { submissionId: s.submissionId } })) continue;
    const submittedAt = new Date(now.getTime() - s.hoursAgo * 3600_000);
    const person = {
      submissionId: s.submissionId,
      fullName: s.fullName,
      email: s.email,
      companyName: s.companyName,
      role: s.role,
      createdAt: submittedAt,
    };
    if (s.source === "demo")
      await tx.demoRequest.create({ data: { ...person, phoneNumber: "250-555-0142" } });
    else await tx.waitlistEntry.create({ data: person });
    await enqueueSheetRow(tx, { ...person, source: s.source, submittedAt });
    if (s.status !== "pending")
      await tx.sheetsOutbox.update({
        where: { submissionId: s.submissionId },
        data: {
          status: s.status,
          attempts: s.status === "failed" ? 8 : 1,
          lastError: s.lastError,
          ...(s.status === "synced" ? { syncedAt: submittedAt, updatedRange: "Sheet1!A2:G2" } : {}),
        },
      });
    made++;
  }
  return made;
}

/**
 * A wallet on hold (Ops → Today and People): Liam's $40.00 card top-up was credited by its
 * webhook, then disputed, so his wallet is frozen for spending until ops release it. Written as
 * the webhook writes it: a paid top-up with its `top-up` ledger row, then the hold.
 */
async function ensureDisputedWallet(tx: Tx, hash: string | undefined, now: Date): Promise<number> {
  if (hash) await createAccount(tx, OPS_DISPUTED, hash);
  if (await tx.walletHold.findUnique({ where: { stripeId: "dp_seed_liam" } })) return 0;
  const user = await tx.user.findUniqueOrThrow({ where: { email: OPS_DISPUTED.email } });
  const paidAt = new Date(now.getTime() - 4 * 86_400_000);
  const topUp = await tx.topUp.create({
    data: {
      userId: user.id,
      amountCents: 4000,
      status: "paid",
      sessionId: "cs_seed_liam",
      paymentIntent: "pi_seed_liam",
      createdAt: paidAt,
      settledAt: paidAt,
    },
  });
  await ensureWallet(tx, user.id);
  await applyBalanceChange(tx, user.id, topUp.amountCents, {
    type: "top_up",
    description: "Card top-up",
    reference: `TOPUP-${topUp.id}`,
  });
  await tx.walletHold.create({
    data: {
      stripeId: "dp_seed_liam",
      userId: user.id,
      topUpId: topUp.id,
      amountCents: topUp.amountCents,
      reason: "fraudulent",
      createdAt: new Date(now.getTime() - 86_400_000),
    },
  });
  await tx.wallet.update({ where: { userId: user.id }, data: { onHold: true } });
  return 1;
}
