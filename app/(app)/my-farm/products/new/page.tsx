import { ProductForm } from "@/components/farm/product-form";
import { listCategoryOptions } from "@/lib/server/farm/products";
import { farmPageUser } from "@/lib/server/farm/profile";

export const dynamic = "force-dynamic";

export default async function NewProductPage() {
  if (!(await farmPageUser())) return null;
  const categories = await listCategoryOptions();
  return (
    <section aria-labelledby="new-product-title" className="grid gap-4">
      <h2 id="new-product-title" className="text-lg font-bold text-ink">
        Add a product
      </h2>
      <ProductForm categories={categories} />
    </section>
  );
}
