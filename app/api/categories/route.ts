import { listCategories } from "@/lib/server/catalog/categories";
import { route } from "@/lib/server/http/route";

export const GET = route({}, () => listCategories());
