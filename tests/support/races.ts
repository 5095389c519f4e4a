import { it } from "vitest";
import { onPostgres } from "./pg";

/** A test of real parallelism: PostgreSQL only (PGlite is one connection and serialises every transaction). */
export const itOnPostgres = it.skipIf(!onPostgres);
