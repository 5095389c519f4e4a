import { route } from "@/lib/server/http/route";
import { listTransactions } from "@/lib/server/wallet/get-wallet";
import { transactionsQuerySchema } from "@/lib/validators/wallet";

export const GET = route({ auth: "required", query: transactionsQuerySchema }, ({ user, query }) => listTransactions(user.id, query.limit));
