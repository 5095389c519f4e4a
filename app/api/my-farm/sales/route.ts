import { farmApi } from "@/lib/contracts/farm";
import { weeklySales } from "@/lib/server/accounting/weekly-sales";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.sales, ({ user }) => weeklySales(user)),
);
