import { messagesApi } from "@/lib/contracts/messages";
import { handlers, route } from "@/lib/server/http/route";
import { listSuppliers } from "@/lib/server/messages/suppliers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(messagesApi.suppliers, ({ user, query }) => listSuppliers(user.id, query.q)),
);
