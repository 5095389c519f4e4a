import { route } from "@/lib/server/http/route";
import { listSuppliers } from "@/lib/server/messages/suppliers";
import { supplierQuerySchema } from "@/lib/validators/messages";

export const GET = route({ auth: "required", query: supplierQuerySchema }, async ({ user, query }) => listSuppliers(user.id, query.q));
