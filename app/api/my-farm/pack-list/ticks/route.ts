import { fulfilmentApi } from "@/lib/contracts/fulfilment";
import { setPackTick } from "@/lib/server/fulfilment/pack-ticks";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(fulfilmentApi.packTick, ({ user, body, idempotencyKey }) =>
    setPackTick(user, body, idempotencyKey),
  ),
);
