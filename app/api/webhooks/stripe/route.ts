import { paymentsApi } from "@/lib/contracts/payments";
import { handlers, route } from "@/lib/server/http/route";
import { readWebhookBody, receiveStripeWebhook } from "@/lib/server/payments/webhook";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(paymentsApi.stripeWebhook, async ({ req }) => {
    await receiveStripeWebhook(await readWebhookBody(req), req.headers.get("stripe-signature"));
    return { received: true as const };
  }),
);
