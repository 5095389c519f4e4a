import { accountApi } from "@/lib/contracts/account";
import { removeCreditLine, setCreditLimit } from "@/lib/server/credit/customers";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(accountApi.setCredit, ({ user, params, body }) =>
    setCreditLimit(user, params.buyerId, body),
  ),
  route(accountApi.removeCredit, ({ user, params }) => removeCreditLine(user, params.buyerId)),
);
