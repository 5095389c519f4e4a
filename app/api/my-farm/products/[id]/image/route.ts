import { farmApi } from "@/lib/contracts/farm";
import { getMyProduct, setMyProductImage } from "@/lib/server/farm/products";
import { removeImage, replaceImage } from "@/lib/server/farm/upload-request";
import { handlers, route } from "@/lib/server/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = handlers(
  route(
    farmApi.productImage,
    ({ user, params, body }) =>
      replaceImage(body.image, async (url) => {
        const { product, previous } = await setMyProductImage(user, params.id, url);
        return { result: product, previous };
      }),
    // Only the farm's own product (else 404, or 403 for a shopper) before the upload is read.
    { guard: ({ user, params }) => getMyProduct(user, params.id) },
  ),
  route(farmApi.removeProductImage, ({ user, params }) =>
    removeImage(async (url) => {
      const { product, previous } = await setMyProductImage(user, params.id, url);
      return { result: product, previous };
    }),
  ),
);
