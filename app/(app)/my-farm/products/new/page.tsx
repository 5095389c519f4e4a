import { ProductForm } from "@/components/farm/product-form";
import { listCategoryOptions } from "@/lib/server/farm/products";
import { farmPageUser } from "@/lib/server/farm/profile";
import { FarmSection } from "@/components/farm/farm-section";

export const dynamic = "force-dynamic";

export default async function NewProductPage() {
  if (!(await farmPageUser())) return null;
  const categories = await listCategoryOptions();
  return (
    <FarmSection id="new-product" title="Add a product" className="grid gap-4">
      <ProductForm categories={categories} />
    </FarmSection>
  );
}
