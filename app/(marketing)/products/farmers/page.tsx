import Link from "next/link";
import { ProductPage } from "@/components/marketing/audience-pages";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/products/farmers");

export default function FarmerProductPage() {
  return (
    <ProductPage audience="farmers">
      Want the details first? Read{" "}
      <Link
        href="/blog/selling-direct-guide-for-small-farms"
        className="font-medium text-brand-700 underline"
      >
        our guide to selling direct
      </Link>{" "}
      or the{" "}
      <Link href="/features/farmers" className="font-medium text-brand-700 underline">
        farmer features
      </Link>
      .
    </ProductPage>
  );
}
