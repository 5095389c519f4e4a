import { accountApi } from "@/lib/contracts/account";
import { payInvoice } from "@/lib/server/credit/statements";
import { handlers, replayable, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(accountApi.pay, async ({ user, params, idempotencyKey, headers }) =>
    replayable(headers, await payInvoice(user.id, params.id, idempotencyKey)),
  ),
);
