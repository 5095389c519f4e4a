import { listFeaturedFarms } from "@/lib/server/catalog/farms";
import { route } from "@/lib/server/http/route";
import { farmListQuery } from "@/lib/validators/catalog";

export const GET = route({ query: farmListQuery }, ({ query }) => listFeaturedFarms(query));
