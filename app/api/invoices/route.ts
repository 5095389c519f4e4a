import { accountApi } from "@/lib/contracts/account";
import { listInvoices } from "@/lib/server/credit/statements";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(accountApi.invoices, ({ user }) => listInvoices(user.id)),
);
