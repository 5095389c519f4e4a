import { defineConfig } from "prisma/config";
import { selectSchemaEngine } from "./scripts/schema-engine/select";

// Offline machines cannot download Prisma's native schema-engine; fall back to our wasm-backed
// stand-in only when the native binary is missing (machines with internet keep the normal path).
selectSchemaEngine();

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed/cli.ts" },
  datasource: {
    url: process.env.DATABASE_URL ?? "pglite:./.data/pglite",
    shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL,
  },
});
