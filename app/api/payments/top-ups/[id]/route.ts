import { paymentsApi } from "@/lib/contracts/payments";
import { handlers, route } from "@/lib/server/http/route";
import { getTopUp } from "@/lib/server/payments/top-ups";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(paymentsApi.topUp, ({ user, params }) => getTopUp(user.id, params.id)),
);
