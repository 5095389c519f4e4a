/**
 * Fills a large catalog for benchmarks: npm run seed:scale -- --products 100000
 * Adds scale products until the requested total exists, so reruns never duplicate.
 */
import { parseArgs } from "node:util";
import { closeDb, db } from "@/lib/server/platform/db";
import { seedScale } from "@/prisma/seed";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "100000" },
    batch: { type: "string", default: "1000" },
  },
});
const products = Number(values.products);
const batchSize = Number(values.batch);
if (!Number.isInteger(products) || products < 0 || !Number.isInteger(batchSize) || batchSize < 1) {
  console.error("usage: npm run seed:scale -- --products <count> [--batch <rows per INSERT>]");
  process.exit(2);
}

const tty = process.stdout.isTTY;
let lastLine = 0;
function progress(done: number, total: number, rate: number) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const line = `seed:scale [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} (${Math.round(rate).toLocaleString("en-US")} rows/s)`;
  if (tty) process.stdout.write(`\r${line}${done === total ? "\n" : ""}`);
  else if (done === total || done - lastLine >= total / 10) {
    lastLine = done;
    console.log(line);
  }
}

try {
  await seedScale(db, {
    products,
    batchSize,
    log: (line) => console.log(`seed:scale: ${line}`),
    onProgress: progress,
  });
} finally {
  await closeDb();
}
