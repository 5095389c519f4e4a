import "server-only";
import { db } from "@/lib/server/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/** A Prisma interactive-transaction client. */
export type Tx = Prisma.TransactionClient;

/** How long a transaction may wait for a pooled connection (`maxWait`) and then run (`timeout`), in ms. */
export type TxLimits = { maxWait: number; timeout: number };

/**
 * Money transactions queue on row locks (a wallet, the last units of a product); under load a
 * request may wait for a pooled connection and then for a lock, so Prisma's defaults (2 s / 5 s)
 * are too tight. READ COMMITTED is enough: every balance/stock change is a conditional UPDATE whose
 * WHERE clause Postgres re-checks after the lock wait.
 */
export const TX_LIMITS: TxLimits = { maxWait: 20_000, timeout: 30_000 };

/** Short bookkeeping (a submission, an outbox update, a first message): a burst waits, then fails fast. */
export const SHORT_TX_LIMITS: TxLimits = { maxWait: 10_000, timeout: 15_000 };

/** Every transaction of the app (and the seed) opens here, with its limits. */
export function inTransaction<T>(
  fn: (tx: Tx) => Promise<T>,
  limits: TxLimits = TX_LIMITS,
): Promise<T> {
  return db.$transaction(fn, limits);
}
