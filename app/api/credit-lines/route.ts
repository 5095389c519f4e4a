import { accountApi } from "@/lib/contracts/account";
import { listCreditLines } from "@/lib/server/credit/customers";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(accountApi.creditLines, ({ user }) => listCreditLines(user.id)),
);
