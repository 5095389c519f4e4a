import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

export type SeedDb = PrismaClient;
export type Tx = Prisma.TransactionClient;
export type SeedLog = (line: string) => void;

/** What the seed steps after users and farms work with: ids by email and by farm slug. */
export type SeedContext = {
  tx: Tx;
  userIds: Map<string, number>;
  farmIds: Map<string, number>;
  now: Date;
  log: SeedLog;
};
