import { listPopularProducts } from "@/lib/server/catalog/products";
import { route } from "@/lib/server/http/route";
import { productListQuery } from "@/lib/validators/catalog";

export const GET = route({ query: productListQuery }, ({ query }) => listPopularProducts(query));
