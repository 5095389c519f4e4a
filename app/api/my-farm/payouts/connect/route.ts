import { farmPayoutsApi } from "@/lib/contracts/payments";
import { handlers, route } from "@/lib/server/http/route";
import { appOrigin } from "@/lib/server/http/origin";
import { connectPayouts } from "@/lib/server/payments/farm-payouts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmPayoutsApi.connect, ({ req, user }) => connectPayouts(user, appOrigin(req))),
);
