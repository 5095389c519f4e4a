import { walletApi } from "@/lib/contracts/wallet";
import { handlers, route } from "@/lib/server/http/route";
import { topUp } from "@/lib/server/wallet/top-up";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(walletApi.topUp, async ({ user, body, idempotencyKey, headers }) => {
    const { value, replayed } = await topUp(user.id, body, idempotencyKey);
    if (replayed) headers.set("idempotent-replayed", "true");
    return value;
  }),
);
