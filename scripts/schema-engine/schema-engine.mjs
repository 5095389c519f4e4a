#!/usr/bin/env node
// Executable stand-in for Prisma's native `schema-engine` binary (Prisma spawns
// PRISMA_SCHEMA_ENGINE_BINARY as a program). The implementation is TypeScript: load it through tsx.
import { register } from "tsx/esm/api";

register();
await import("./main.ts");
