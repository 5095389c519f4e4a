import { json, route } from "@/lib/server/http/route";
import { idempotencyKeyFrom } from "@/lib/server/idempotency";
import { checkout } from "@/lib/server/orders/checkout";
import { listOrders } from "@/lib/server/orders/list-orders";
import { checkoutSchema, ordersQuerySchema } from "@/lib/validators/orders";

export const GET = route({ auth: "required", query: ordersQuerySchema }, ({ user, query }) => listOrders(user.id, query.status));

export const POST = route({ auth: "required", body: checkoutSchema }, async ({ req, user, body }) => {
  const result = await checkout(user.id, body, idempotencyKeyFrom(req));
  return json(result.body, { status: result.status, headers: result.replayed ? { "idempotent-replayed": "true" } : {} });
});
