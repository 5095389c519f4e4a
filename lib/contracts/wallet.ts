import { topUpSchema, transactionsQuerySchema } from "@/lib/validators/wallet";
import { endpoint, jsonBody } from "./endpoint";

/** The wallet: balance, ledger, top-up. */
export const walletApi = {
  wallet: endpoint({ method: "GET", path: "/api/wallet", tag: "Wallet", summary: "Your wallet (created on first use)", auth: "required" }),
  transactions: endpoint({ method: "GET", path: "/api/transactions", tag: "Wallet", summary: "Wallet ledger, newest first", auth: "required", query: transactionsQuerySchema }),
  topUp: endpoint({
    method: "POST",
    path: "/api/transactions/topup",
    tag: "Wallet",
    summary: "Top up the wallet (at most 10,000.00 per top-up)",
    auth: "required",
    body: jsonBody(topUpSchema),
    idempotencyKey: true,
    errors: ["wallet_limit", "idempotency_key_reused"],
  }),
};
