import { fulfilmentApi } from "@/lib/contracts/fulfilment";
import { packList, packListCsv } from "@/lib/server/fulfilment/pack-list";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(fulfilmentApi.packList, async ({ user, query }) => {
    const list = await packList(user, query.date);
    if (query.format === "json") return list;
    return new Response(packListCsv(list), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="pack-list-${list.date}.csv"`,
        "cache-control": "no-store",
      },
    });
  }),
);
