import { json, route } from "@/lib/server/http/route";
import { createMyProduct, listMyProducts } from "@/lib/server/farm/products";
import { productSchema } from "@/lib/validators/farm";

export const GET = route({ auth: "required" }, ({ user }) => listMyProducts(user));
export const POST = route({ auth: "required", body: productSchema }, async ({ user, body }) => json(await createMyProduct(user, body), 201));
