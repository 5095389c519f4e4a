import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

export type SeedDb = PrismaClient;
export type Tx = Prisma.TransactionClient;
export type SeedLog = (line: string) => void;
