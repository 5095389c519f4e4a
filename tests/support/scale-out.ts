import { afterAll, beforeAll, describe } from "vitest";
import { instancesForSuite, type AppInstance } from "../messages/support/app-instance";
import { onPostgres } from "./pg";

/**
 * A suite against two app instances (two processes, two ports) on ONE PostgreSQL database, started
 * once for the suite; skipped on PGlite, which only one process can open.
 */
export function describeOnTwoInstances(title: string, tests: (instances: AppInstance[]) => void) {
  describe.skipIf(!onPostgres)(`${title} (PostgreSQL only: PGlite is single-process)`, () =>
    tests(instancesForSuite(2, { beforeAll, afterAll })),
  );
}
