import { farmApi } from "@/lib/contracts/farm";
import { taxReport } from "@/lib/server/farm/reports";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmApi.taxReport, ({ user, query }) => taxReport(user, query)),
);
