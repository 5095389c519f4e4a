import { route } from "@/lib/server/http/route";
import { parseId } from "@/lib/server/farm/access";
import { getMyProduct, updateMyProduct } from "@/lib/server/farm/products";
import { productUpdateSchema } from "@/lib/validators/farm";

export const GET = route({ auth: "required" }, ({ user, params }) => getMyProduct(user, parseId(params.id, "Product")));
export const PATCH = route({ auth: "required", body: productUpdateSchema }, ({ user, params, body }) => updateMyProduct(user, parseId(params.id, "Product"), body));
