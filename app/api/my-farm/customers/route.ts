import { accountApi } from "@/lib/contracts/account";
import { listCustomers } from "@/lib/server/credit/customers";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(accountApi.customers, ({ user }) => listCustomers(user)),
);
