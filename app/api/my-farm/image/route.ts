import { farmApi } from "@/lib/contracts/farm";
import { requireOwnFarm } from "@/lib/server/farm/access";
import { setFarmImage } from "@/lib/server/farm/profile";
import { replaceImage } from "@/lib/server/farm/upload-request";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(
    farmApi.farmImage,
    ({ user, body }) =>
      replaceImage(body.image, async (url) => {
        const { farm, previous } = await setFarmImage(user, url);
        return { result: farm, previous };
      }),
    // Farm accounts only (403 for a shopper) before the upload is read.
    { guard: ({ user }) => requireOwnFarm(user) },
  ),
);
