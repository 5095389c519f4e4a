import Link from "next/link";
import { ProductPage } from "@/components/marketing/audience-pages";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/products/restaurants");

export default function RestaurantProductPage() {
  return (
    <ProductPage audience="restaurants">
      See how other kitchens use it in our{" "}
      <Link href="/success-stories" className="font-medium text-brand-700 underline">
        success stories
      </Link>{" "}
      and in{" "}
      <Link
        href="/blog/standing-orders-for-restaurants"
        className="font-medium text-brand-700 underline"
      >
        how standing orders cut waste
      </Link>
      .
    </ProductPage>
  );
}
