import { searchProducts } from "@/lib/server/catalog/products";
import { route } from "@/lib/server/http/route";
import { searchQuery } from "@/lib/validators/catalog";

export const GET = route({ query: searchQuery }, ({ query }) => searchProducts(query));
