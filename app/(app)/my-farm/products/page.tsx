import Link from "next/link";
import { Plus } from "lucide-react";
import { ProductList } from "@/components/farm/product-list";
import { Button } from "@/components/ui/button";
import { listMyProducts } from "@/lib/server/farm/products";
import { farmPageUser } from "@/lib/server/farm/profile";

export const dynamic = "force-dynamic";

export default async function MyProductsPage() {
  const user = await farmPageUser();
  if (!user) return null;
  const products = await listMyProducts(user);
  return (
    <section aria-labelledby="products-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="products-title" className="text-lg font-bold text-ink">
          Products ({products.length})
        </h2>
        <Button asChild>
          <Link href="/my-farm/products/new">
            <Plus aria-hidden className="h-4 w-4" />
            Add product
          </Link>
        </Button>
      </div>
      <ProductList products={products} />
    </section>
  );
}
