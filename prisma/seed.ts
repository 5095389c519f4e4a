/**
 * Seeds the demo catalog and the demo shopper (idempotent; see lib/server/seed).
 * Run: node --import tsx --conditions=react-server prisma/seed.ts
 */
import { closeDb, db } from "@/lib/server/db";
import { seed } from "@/lib/server/seed";

const started = performance.now();
try {
  await seed(db, { log: (line) => console.log(`seed: ${line}`) });
  console.log(`seed: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await closeDb();
}
