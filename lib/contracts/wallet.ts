import { topUpSchema, transactionsQuerySchema } from "@/lib/validators/wallet";
import { z } from "zod";
import { endpoint, jsonBody, PAGED } from "./endpoint";
import { id, isoDate, money } from "./json";

export const wallet = z.object({
  walletId: z.string(),
  balance: money,
  currency: z.literal("USD"),
});
export type WalletJson = z.infer<typeof wallet>;

export const transaction = z.object({
  id,
  type: z.enum(["top-up", "order", "refund", "adjustment"]),
  amount: money.describe(
    "signed US dollars: top-ups and refunds positive, order payments negative, adjustments either way",
  ),
  description: z.string(),
  reference: z.string(),
  timestamp: isoDate,
});
export type TransactionJson = z.infer<typeof transaction>;

export const topUpResult = z.object({ wallet, transaction });
export type TopUpResult = z.infer<typeof topUpResult>;

/** The wallet: balance, ledger, top-up. */
export const walletApi = {
  wallet: endpoint({
    method: "GET",
    path: "/api/wallet",
    tag: "Wallet",
    summary: "Your wallet (created on first use)",
    auth: "required",
    response: wallet,
  }),
  transactions: endpoint({
    method: "GET",
    path: "/api/transactions",
    tag: "Wallet",
    summary: "Wallet ledger, newest first",
    description: PAGED,
    auth: "required",
    query: transactionsQuerySchema,
    response: z.array(transaction),
  }),
  topUp: endpoint({
    method: "POST",
    path: "/api/transactions/topup",
    tag: "Wallet",
    summary: "Top up the wallet (at most 10,000.00 per top-up)",
    auth: "required",
    body: jsonBody(topUpSchema),
    idempotencyKey: true,
    response: topUpResult,
    errors: ["wallet_limit", "idempotency_key_reused"],
  }),
};
