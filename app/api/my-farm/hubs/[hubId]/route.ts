import { farmHubsApi } from "@/lib/contracts/hubs";
import { answerHub } from "@/lib/server/hubs/suppliers";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(farmHubsApi.answer, ({ user, params, body }) => answerHub(user, params.hubId, body)),
);
