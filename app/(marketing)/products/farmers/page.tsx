import Link from "next/link";
import { OpenDialogButton } from "@/components/marketing/dialogs";
import { ProductPage } from "@/components/marketing/product-page";
import copy from "@/components/marketing/content/products-farmers.json";
import { pageMetadata } from "@/components/marketing/pages";

export const metadata = pageMetadata("/products/farmers");

export default function FarmerProductPage() {
  return (
    <ProductPage
      copy={copy}
      cta={
        <OpenDialogButton kind="waitlist" role="farmer" size="lg">
          Join as a Farmer
        </OpenDialogButton>
      }
    >
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
