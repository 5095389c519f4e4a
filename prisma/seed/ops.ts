import { hashPassword } from "@/lib/server/auth/password";
import { recordPayoutEntry } from "./payouts";
import type { SeedLog, Tx } from "./types";

/**
 * The ops console's demo (docs/operations.md): the staff account, a business application waiting,
 * manual payouts waiting to be paid by hand (two farms: the desktop and the 390 px e2e runs each
 * pay one) and the failed email about each — so every screen has something to act on after
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
export const OPS_EMAILS = [OPS_STAFF.email, OPS_APPLICANT.email];

/** Hashed before the seed's transaction (argon2 is slow): only for accounts still missing. */
export async function opsHashesFor(missing: Set<string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const who of [OPS_STAFF, OPS_APPLICANT])
    if (missing.has(who.email)) out.set(who.email, await hashPassword(who.password));
  return out;
}

export async function ensureOps(
  tx: Tx,
  hashes: Map<string, string>,
  now: Date,
  log: SeedLog,
): Promise<void> {
  const staffHash = hashes.get(OPS_STAFF.email);
  if (staffHash)
    await tx.user.create({
      data: {
        email: OPS_STAFF.email,
        fullName: OPS_STAFF.fullName,
        passwordHash: staffHash,
        role: "staff",
        verified: true,
        emailVerification: { create: { email: OPS_STAFF.email } },
      },
    });
  const applicantHash = hashes.get(OPS_APPLICANT.email);
  if (applicantHash)
    await tx.user.create({
      data: {
        email: OPS_APPLICANT.email,
        fullName: OPS_APPLICANT.fullName,
        passwordHash: applicantHash,
        address: OPS_APPLICANT.company.address,
        emailVerification: { create: { email: OPS_APPLICANT.email } },
        businessAccount: {
          create: { ...OPS_APPLICANT.company, createdAt: new Date(now.getTime() - 86_400_000) },
        },
      },
    });

  // Manual payouts: the unpaid earnings of the farm that earned last, paid in two transfers (one
  // for each e2e project), linked to the first as a payout run without Stripe links them. The other
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
    const half = farm ? Math.floor(farm.total / 2) : 0;
    const parts = farm ? [half, farm.total - half] : [];
    for (const [i, amountCents] of parts.entries()) {
      const periodEnd = new Date(now.getTime() - (1 - i) * 7 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const payout = await tx.payout.create({
        data: {
          farmId: farm.farmId,
          periodEnd,
          amountCents,
          status: "pending_manual",
          createdAt: now,
        },
      });
      if (i === 0)
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
  log(`ops: staff ${OPS_STAFF.email}, 1 application waiting, ${manual} new manual payout(s)`);
}
