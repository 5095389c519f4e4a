import { requireOwnFarm } from "@/lib/server/farm/access";
import { setFarmImage } from "@/lib/server/farm/profile";
import { imageUploadHandler } from "@/lib/server/farm/upload-request";

/** POST multipart/form-data, field "image": the farm's picture on its public page. */
export const POST = imageUploadHandler(
  (user) => requireOwnFarm(user),
  async (user, url) => {
    const { farm, previous } = await setFarmImage(user, url);
    return { body: farm, previous };
  },
);
