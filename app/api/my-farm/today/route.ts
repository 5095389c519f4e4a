import { farmApi } from "@/lib/contracts/farm";
import { farmToday } from "@/lib/server/farm-day/today";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.today, ({ user }) => farmToday(user)),
);
