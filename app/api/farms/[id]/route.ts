import { getFarm } from "@/lib/server/catalog/farms";
import { notFound } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { idParam } from "@/lib/validators/catalog";

export const GET = route({}, ({ params }) => {
  const id = idParam.safeParse(params.id);
  if (!id.success) throw notFound("Farm not found");
  return getFarm(id.data);
});
