import { farmPayoutsApi } from "@/lib/contracts/payments";
import { handlers, route } from "@/lib/server/http/route";
import { farmPayouts } from "@/lib/server/payments/farm-payouts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmPayoutsApi.list, ({ user }) => farmPayouts(user)),
);
