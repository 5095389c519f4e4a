import fs from "node:fs";
import path from "node:path";

/** The executable that stands in for Prisma's native schema-engine (see engine.ts). */
export const WASM_ENGINE_LAUNCHER = "scripts/schema-engine/schema-engine.mjs";

/** Prisma's native engine file in node_modules/@prisma/engines: `schema-engine`, `schema-engine.exe`, `schema-engine-<platform>`… */
export function hasNativeSchemaEngine(enginesDirListing: readonly string[]): boolean {
  return enginesDirListing.some((f) => f.startsWith("schema-engine"));
}

/**
 * Which schema engine Prisma should run: `undefined` keeps Prisma's normal resolution (the native
 * binary it downloaded, or whatever the user put in PRISMA_SCHEMA_ENGINE_BINARY); a path means
 * "use our wasm stand-in", chosen only when the native binary is missing (offline installs).
 */
export function chooseSchemaEngineBinary(opts: {
  env: Readonly<Record<string, string | undefined>>;
  enginesDirListing: readonly string[] | undefined;
  projectRoot: string;
}): string | undefined {
  if (opts.env.PRISMA_SCHEMA_ENGINE_BINARY) return undefined;
  if (opts.enginesDirListing && hasNativeSchemaEngine(opts.enginesDirListing)) return undefined;
  return path.join(opts.projectRoot, WASM_ENGINE_LAUNCHER);
}

function listDir(dir: string): string[] | undefined {
  try {
    return fs.readdirSync(dir);
  } catch {
    return undefined;
  }
}

/** chooseSchemaEngineBinary for a checkout, from this process's environment and its node_modules. */
export function schemaEngineFor(projectRoot: string): string | undefined {
  return chooseSchemaEngineBinary({
    env: process.env,
    enginesDirListing: listDir(path.join(projectRoot, "node_modules/@prisma/engines")),
    projectRoot,
  });
}

/** Called from prisma.config.ts: points Prisma at the wasm engine when the native one is missing. */
export function selectSchemaEngine(
  projectRoot = path.resolve(import.meta.dirname, "../.."),
): string | undefined {
  const binary = schemaEngineFor(projectRoot);
  if (binary) process.env.PRISMA_SCHEMA_ENGINE_BINARY = binary;
  return binary;
}
