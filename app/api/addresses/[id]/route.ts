import { fulfilmentApi } from "@/lib/contracts/fulfilment";
import { deleteAddress, updateAddress } from "@/lib/server/fulfilment/addresses";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(fulfilmentApi.updateAddress, ({ user, params, body }) =>
    updateAddress(user.id, params.id, body),
  ),
  route(fulfilmentApi.deleteAddress, ({ user, params }) => deleteAddress(user.id, params.id)),
);
