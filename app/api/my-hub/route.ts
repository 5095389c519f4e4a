import { hubsApi } from "@/lib/contracts/hubs";
import { getMyHub, saveMyHub } from "@/lib/server/hubs/hubs";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(hubsApi.get, ({ user }) => getMyHub(user)),
  route(hubsApi.save, ({ user, body }) => saveMyHub(user, body)),
);
