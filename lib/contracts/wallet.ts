import { CURRENCY } from "@/lib/currency";
import { topUpSchema, transactionsQuerySchema } from "@/lib/validators/wallet";
import { z } from "zod";
import { endpoint, jsonBody, PAGED } from "./endpoint";
import { id, isoDate, money } from "./json";
import { cardTopUpStarted } from "./payments";

export const wallet = z.object({
  walletId: z.string(),
  balance: money,
  currency: z.literal(CURRENCY),
  onHold: z
    .literal(true)
    .optional()
    .describe(
      "present while the wallet is on hold (a disputed card payment, or a refunded one the balance could not cover): nothing can be paid from it",
    ),
  holdReason: z
    .enum(["dispute", "refund"])
    .optional()
    .describe(
      "why it is on hold: `dispute` (a card payment is disputed) or `refund` (a card top-up was refunded after its money was spent)",
    ),
});
export type WalletJson = z.infer<typeof wallet>;

export const transaction = z.object({
  id,
  type: z.enum(["top-up", "order", "refund", "adjustment", "share"]),
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
    description:
      "demo provider: credited at once, 200 `{wallet, transaction}`. stripe: 202 `{topUp, checkoutUrl}`, a Checkout Session for exactly that amount; the wallet is credited only by its verified webhook (GET /api/payments/top-ups/{id} tells when).",
    auth: "required",
    body: jsonBody(topUpSchema),
    idempotencyKey: true,
    moneyAction: true,
    response: z.union([topUpResult, cardTopUpStarted]),
    otherAnswers: { 202: "stripe: the card top-up was started; pay on `checkoutUrl`" },
    errors: ["wallet_limit", "idempotency_key_reused", "unavailable"],
  }),
};
