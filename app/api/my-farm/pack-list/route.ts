import { fulfilmentApi } from "@/lib/contracts/fulfilment";
import { packList, packListCsv } from "@/lib/server/fulfilment/pack-list";
import { csvResponse } from "@/lib/server/platform/csv";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(fulfilmentApi.packList, async ({ user, query }) => {
    const list = await packList(user, query.date);
    if (query.format === "json") return list;
    return csvResponse({ filename: `pack-list-${list.date}.csv`, csv: packListCsv(list) });
  }),
);
