import "server-only";
import { db } from "@/lib/server/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/** A Prisma interactive-transaction client. */
export type Tx = Prisma.TransactionClient;

/**
 * Money transactions queue on row locks (a wallet, the last units of a product); under load a
 * request may wait for a pooled connection and then for a lock, so the defaults (2 s / 5 s) are
 * too tight. READ COMMITTED is enough: every balance/stock change is a conditional UPDATE whose
 * WHERE clause Postgres re-checks after the lock wait.
 */
const TX_OPTIONS = { maxWait: 20_000, timeout: 30_000 } as const;

export function inTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(fn, TX_OPTIONS);
}
