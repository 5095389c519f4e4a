import { standingApi } from "@/lib/contracts/standing";
import { handlers, route } from "@/lib/server/http/route";
import { addableProducts } from "@/lib/server/standing/standing-orders";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(standingApi.products, ({ user, params }) => addableProducts(user, params.id)),
);
