import { recommendProducts } from "@/lib/server/catalog/recommend";
import { route } from "@/lib/server/http/route";
import { productListQuery } from "@/lib/validators/catalog";

export const GET = route({ auth: "required", query: productListQuery }, ({ user, query }) => recommendProducts(user.id, query));
