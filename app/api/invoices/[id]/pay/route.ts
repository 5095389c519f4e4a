import { accountApi } from "@/lib/contracts/account";
import { payInvoice } from "@/lib/server/credit/statements";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(accountApi.pay, async ({ user, params, idempotencyKey, headers }) => {
    const { value, replayed } = await payInvoice(user.id, params.id, idempotencyKey);
    if (replayed) headers.set("idempotent-replayed", "true");
    return value;
  }),
);
