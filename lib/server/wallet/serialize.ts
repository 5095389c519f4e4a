import "server-only";
import { CURRENCY } from "@/lib/currency";
import { centsToDollars } from "@/lib/money";
import type {
  Transaction,
  TransactionType,
  Wallet,
  WalletHoldKind,
} from "@/lib/generated/prisma/client";

import type { TransactionJson, WalletJson } from "@/lib/contracts/wallet";

const TYPE: Record<TransactionType, TransactionJson["type"]> = {
  top_up: "top-up",
  order: "order",
  refund: "refund",
  adjustment: "adjustment",
  share: "share",
};

export function serializeWallet(
  w: Pick<Wallet, "walletId" | "balanceCents"> & {
    onHold?: boolean;
    holdKind?: WalletHoldKind | null;
  },
): WalletJson {
  const json: WalletJson = {
    walletId: w.walletId,
    balance: centsToDollars(w.balanceCents),
    currency: CURRENCY,
  };
  if (!w.onHold) return json;
  return w.holdKind ? { ...json, onHold: true, holdReason: w.holdKind } : { ...json, onHold: true };
}

export function serializeTransaction(t: Transaction): TransactionJson {
  return {
    id: t.id,
    type: TYPE[t.type],
    amount: centsToDollars(t.amountCents),
    description: t.description,
    reference: t.reference,
    timestamp: t.timestamp.toISOString(),
  };
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: CURRENCY });
/** For server messages ("Insufficient balance: …"); the UI formats with lib/format.ts. */
export const formatCents = (cents: number) => usd.format(centsToDollars(cents));
