import { walletApi } from "@/lib/contracts/wallet";
import { handlers, route } from "@/lib/server/http/route";
import { listTransactions } from "@/lib/server/wallet/get-wallet";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(walletApi.transactions, ({ user, query }) => listTransactions(user.id, query.limit)),
);
