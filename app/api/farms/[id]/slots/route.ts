import { fulfilmentApi } from "@/lib/contracts/fulfilment";
import { listSlots } from "@/lib/server/fulfilment/slots";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(fulfilmentApi.slots, ({ params, query }) => listSlots(params.id, query.days)),
);
