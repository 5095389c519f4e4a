import { notFound } from "next/navigation";
import { ImageUpload } from "@/components/farm/image-upload";
import { ProductForm } from "@/components/farm/product-form";
import { isAppError } from "@/lib/server/platform/errors";
import { getMyProduct, listCategoryOptions } from "@/lib/server/farm/products";
import { farmPageUser } from "@/lib/server/farm/profile";
import { parseIdParam } from "@/lib/validators/id";
import { FarmSection } from "@/components/farm/farm-section";

export const dynamic = "force-dynamic";

async function load(id: string) {
  const user = await farmPageUser();
  if (!user) return null;
  const productId = parseIdParam(id);
  if (productId === null) return null;
  try {
    return await getMyProduct(user, productId);
  } catch (e) {
    if (isAppError(e, "not_found")) return null;
    throw e;
  }
}

export default async function EditProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [product, categories] = await Promise.all([load(id), listCategoryOptions()]);
  if (!product) notFound();
  return (
    <FarmSection id="edit-product" title={`Edit ${product.name}`} className="grid gap-6">
      <ImageUpload
        endpoint={`/api/my-farm/products/${product.id}/image`}
        current={product.image}
        label="Product picture"
        removable
      />
      <ProductForm categories={categories} product={product} />
    </FarmSection>
  );
}
