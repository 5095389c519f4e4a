import { accountApi } from "@/lib/contracts/account";
import { getInvoice } from "@/lib/server/credit/statements";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(accountApi.invoice, ({ user, params }) => getInvoice(user, params.id)),
);
