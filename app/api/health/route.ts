import { operationsApi } from "@/lib/contracts/operations";
import { handlers, route } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(operationsApi.health, () => ({ ok: true as const })),
);
