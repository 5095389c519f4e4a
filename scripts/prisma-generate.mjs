// postinstall: generate the Prisma client (prisma.config.ts picks the offline engine fallback).
import { execFileSync } from "node:child_process";
execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], {
  stdio: "inherit",
});
