import { walletApi } from "@/lib/contracts/wallet";
import { pageAnswer } from "@/lib/server/http/page";
import { handlers, route } from "@/lib/server/http/route";
import { listTransactions } from "@/lib/server/wallet/get-wallet";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(walletApi.transactions, async ({ req, user, query, headers }) =>
    pageAnswer(req, headers, await listTransactions(user.id, query)),
  ),
);
