import { catalogApi } from "@/lib/contracts/catalog";
import { followFarm, unfollowFarm } from "@/lib/server/catalog/follows";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(catalogApi.follow, ({ user, params }) => followFarm(user, params.id)),
  route(catalogApi.unfollow, ({ user, params }) => unfollowFarm(user, params.id)),
);
