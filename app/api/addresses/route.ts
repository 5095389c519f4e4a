import { fulfilmentApi } from "@/lib/contracts/fulfilment";
import { createAddress, listAddresses } from "@/lib/server/fulfilment/addresses";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(fulfilmentApi.addresses, ({ user }) => listAddresses(user.id)),
  route(fulfilmentApi.createAddress, ({ user, body }) => createAddress(user.id, body)),
);
