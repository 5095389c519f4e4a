import { json, route } from "@/lib/server/http/route";
import { idempotencyKeyFrom } from "@/lib/server/idempotency";
import { topUp } from "@/lib/server/wallet/top-up";
import { topUpSchema } from "@/lib/validators/wallet";

export const POST = route({ auth: "required", body: topUpSchema }, async ({ req, user, body }) => {
  const result = await topUp(user.id, body, idempotencyKeyFrom(req));
  return json(result.body, { status: result.status, headers: result.replayed ? { "idempotent-replayed": "true" } : {} });
});
