import { fulfilmentApi } from "@/lib/contracts/fulfilment";
import { farmFulfilment } from "@/lib/server/fulfilment/slots";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(fulfilmentApi.farmFulfilment, ({ params, query }) => farmFulfilment(params.id, query.days)),
);
