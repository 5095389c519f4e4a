/**
 * Seeds the demo catalog and the demo shopper (idempotent; see prisma/seed).
 * Run: node --import tsx --conditions=react-server prisma/seed/cli.ts
 */
import { closeDb, db } from "@/lib/server/platform/db";
import { seed } from "@/prisma/seed";

const started = performance.now();
try {
  await seed(db, { log: (line) => console.log(`seed: ${line}`) });
  console.log(`seed: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await closeDb();
}
