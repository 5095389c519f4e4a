import { parseId } from "@/lib/server/farm/access";
import { getMyProduct, setMyProductImage } from "@/lib/server/farm/products";
import { imageUploadHandler } from "@/lib/server/farm/upload-request";

/** POST multipart/form-data, field "image": a product's picture (own farm's products only). */
export const POST = imageUploadHandler(
  (user, params) => getMyProduct(user, parseId(params.id, "Product")),
  async (user, url, params) => {
    const { product, previous } = await setMyProductImage(user, parseId(params.id, "Product"), url);
    return { body: product, previous };
  },
);
