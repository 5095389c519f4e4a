import { describe, expect, it } from "vitest";
import { paymentProvider } from "@/lib/server/payments/provider";
import { register } from "@/instrumentation";
import { withEnv } from "../support/env";

const PRODUCTION_PG = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://postgres@127.0.0.1:5432/fieldfare",
  STRIPE_SECRET_KEY: undefined,
  PAYMENTS_PROVIDER: undefined,
};
const REFUSED = /STRIPE_SECRET_KEY is required in production \(or set PAYMENTS_PROVIDER=demo/;

describe("which payment provider runs", () => {
  it("refuses the demo in production on PostgreSQL unless the operator names it", async () => {
    await withEnv(PRODUCTION_PG, async () => {
      expect(() => paymentProvider()).toThrow(REFUSED);
      // The server's start-up hook refuses before any worker or request runs.
      await withEnv({ NEXT_RUNTIME: "nodejs", NEXT_PHASE: undefined }, async () => {
        await expect(register()).rejects.toThrow(REFUSED);
      });
    });
    await withEnv({ ...PRODUCTION_PG, PAYMENTS_PROVIDER: "demo" }, async () => {
      expect(paymentProvider().name).toBe("demo");
    });
    await withEnv({ ...PRODUCTION_PG, STRIPE_SECRET_KEY: "sk_test_x" }, async () => {
      expect(paymentProvider().name).toBe("stripe");
    });
  });

  it("keeps the labelled demo for the embedded default and development", async () => {
    await withEnv({ ...PRODUCTION_PG, DATABASE_URL: undefined }, async () => {
      expect(paymentProvider().name).toBe("demo");
    });
    await withEnv({ ...PRODUCTION_PG, NODE_ENV: "development" }, async () => {
      expect(paymentProvider().name).toBe("demo");
    });
  });

  it("refuses a PAYMENTS_PROVIDER it does not know", async () => {
    await withEnv({ ...PRODUCTION_PG, PAYMENTS_PROVIDER: "free" }, async () => {
      expect(() => paymentProvider()).toThrow(/PAYMENTS_PROVIDER/);
    });
  });
});
