import { getProduct } from "@/lib/server/catalog/products";
import { notFound } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { idParam } from "@/lib/validators/catalog";

export const GET = route({}, ({ params }) => {
  const id = idParam.safeParse(params.id);
  if (!id.success) throw notFound("Product not found");
  return getProduct(id.data);
});
