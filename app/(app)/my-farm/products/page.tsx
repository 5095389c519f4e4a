import Link from "next/link";
import { Plus } from "lucide-react";
import { ProductList } from "@/components/farm/product-list";
import { Button } from "@/components/ui/button";
import { listMyProducts } from "@/lib/server/farm/products";
import { farmPageUser } from "@/lib/server/farm/profile";
import { FarmSection } from "@/components/farm/farm-section";

export const dynamic = "force-dynamic";

export default async function MyProductsPage() {
  const user = await farmPageUser();
  if (!user) return null;
  const products = await listMyProducts(user);
  return (
    <FarmSection
      id="products"
      title={`Products (${products.length})`}
      className="grid gap-4"
      action={
        <Button asChild>
          <Link href="/my-farm/products/new">
            <Plus aria-hidden className="h-4 w-4" />
            Add product
          </Link>
        </Button>
      }
    >
      <ProductList products={products} />
    </FarmSection>
  );
}
