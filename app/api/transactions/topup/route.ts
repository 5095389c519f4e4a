import { walletApi } from "@/lib/contracts/wallet";
import { handlers, json, route } from "@/lib/server/http/route";
import { appOrigin } from "@/lib/server/http/origin";
import { paymentProvider } from "@/lib/server/payments/provider";
import { startCardTopUp } from "@/lib/server/payments/top-ups";
import { topUp } from "@/lib/server/wallet/top-up";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(walletApi.topUp, async ({ req, user, body, idempotencyKey, headers }) => {
    const provider = paymentProvider();
    const { value, replayed } =
      provider.name === "stripe"
        ? await startCardTopUp(provider, user.id, body, idempotencyKey, appOrigin(req))
        : await topUp(user.id, body, idempotencyKey);
    if (replayed) headers.set("idempotent-replayed", "true");
    return "checkoutUrl" in value ? json(value, { status: 202, headers }) : value;
  }),
);
