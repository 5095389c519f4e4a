/** Seeds the demo data only into an empty database (npm start); an existing one is left alone. */
import { closeDb, db } from "@/lib/server/db";
import { isDatabaseEmpty, seed } from "@/lib/server/seed";

try {
  if (await isDatabaseEmpty(db)) await seed(db, { log: console.log });
  else console.log("  database already has data; not seeding");
} finally {
  await closeDb();
}
