import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";

/**
 * Loads @prisma/schema-engine-wasm (the schema engine compiled to wasm, driven through a driver
 * adapter). Its package entry does `import "./x.wasm"`, which Node cannot do, so we instantiate
 * the .wasm next to the bindings ourselves.
 */
const require = createRequire(import.meta.url);

declare global {
  var PRISMA_WASM_PANIC_REGISTRY: { set_message(message: string): void } | undefined;
}

/** Last panic message of the wasm engine, so a panic turns into a readable error instead of "unreachable". */
let lastPanic: string | undefined;
export function takeLastPanic(): string | undefined {
  const p = lastPanic;
  lastPanic = undefined;
  return p;
}

let loaded: Promise<void> | undefined;

function load(): Promise<void> {
  return (loaded ??= (async () => {
    globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message(message: string) {
        lastPanic = message;
      },
    };
    const bindings = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bytes = fs.readFileSync(path.join(path.dirname(bindings), "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, {
      "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
    });
    bg.__wbg_set_wasm(instance.exports);
    const start = instance.exports.__wbindgen_start;
    if (typeof start === "function") start();
  })());
}

export type Datamodels = [path: string, content: string][];

export async function newSchemaEngine(
  datamodels: Datamodels | undefined,
  factory: SqlMigrationAwareDriverAdapterFactory,
): Promise<SchemaEngine> {
  await load();
  const debug = () => {};
  return bg.SchemaEngine.new({ datamodels }, debug, bindMigrationAwareSqlAdapterFactory(factory));
}
