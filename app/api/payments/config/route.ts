import { paymentsApi } from "@/lib/contracts/payments";
import { handlers, route } from "@/lib/server/http/route";
import { paymentsConfig } from "@/lib/server/payments/config";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(paymentsApi.config, () => paymentsConfig()),
);
