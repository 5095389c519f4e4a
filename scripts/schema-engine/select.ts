import fs from "node:fs";
import path from "node:path";

export function useWasmEngineIfNativeMissing(): void {
  if (process.env.PRISMA_SCHEMA_ENGINE_BINARY) return;
  const enginesDir = path.resolve("node_modules/@prisma/engines");
  const hasNative = fs.existsSync(enginesDir) && fs.readdirSync(enginesDir).some((f) => f.startsWith("schema-engine"));
  if (!hasNative) process.env.PRISMA_SCHEMA_ENGINE_BINARY = path.resolve("scripts/schema-engine/schema-engine-shim.mjs");
}
