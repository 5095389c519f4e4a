import Link from "next/link";
import { OpenDialogButton } from "@/components/marketing/dialogs";
import { ProductPage } from "@/components/marketing/product-page";
import copy from "@/components/marketing/content/products-restaurants.json";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/products/restaurants");

export default function RestaurantProductPage() {
  return (
    <ProductPage
      copy={copy}
      cta={
        <OpenDialogButton kind="demo" size="lg">
          Book a Demo
        </OpenDialogButton>
      }
    >
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
