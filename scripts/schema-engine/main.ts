import { main } from "./engine";

// Entry point of the wasm schema engine (see engine.ts); started by schema-engine.mjs. Exit
// explicitly: like the native binary, the process ends when the CLI closes stdin, even if a
// driver left a socket or timer behind.
process.exit(await main(process.argv.slice(2)));
