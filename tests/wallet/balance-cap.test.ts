/**
 * One balance cap (lib/money.ts, docs/money.md): every way money comes into a wallet stops at
 * MAX_BALANCE_CENTS, the top-up and the ledger's credits (refunds, adjustments) alike.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { MAX_BALANCE_CENTS } from "@/lib/money";
import { inTransaction } from "@/lib/server/platform/transaction";
import { ensureWallet } from "@/lib/server/wallet/ensure-wallet";
import { applyBalanceChange } from "@/lib/server/wallet/ledger";
import { createUserWithSession } from "../support/factories";
import { balanceCents, checkLedgerAfterEach, topUp } from "./support";

checkLedgerAfterEach();

let me: Awaited<ReturnType<typeof createUserWithSession>>;
beforeEach(async () => {
  me = await createUserWithSession({ fullName: "Carla Cap" });
});

const credit = (cents: number) =>
  inTransaction(async (tx) => {
    await ensureWallet(tx, me.user.id);
    return applyBalanceChange(tx, me.user.id, cents, {
      type: "refund",
      description: "Refund for a test",
      reference: "ORDER-0",
    });
  });

describe("one balance cap", () => {
  it("a ledger credit may fill the wallet to the cap, not a cent past it", async () => {
    expect(await credit(MAX_BALANCE_CENTS - 1)).not.toBeNull();
    expect(await credit(2)).toBeNull();
    expect(await balanceCents(me.user.id)).toBe(MAX_BALANCE_CENTS - 1);
    expect((await credit(1))?.wallet.balanceCents).toBe(MAX_BALANCE_CENTS);
  });

  it("a top-up is refused at the same cap a ledger credit reached", async () => {
    await credit(MAX_BALANCE_CENTS - 100);
    expect((await topUp(me.cookie, 1.01)).status).toBe(409);
    expect((await topUp(me.cookie, 1)).status).toBe(200);
    expect(await balanceCents(me.user.id)).toBe(MAX_BALANCE_CENTS);
  });
});
