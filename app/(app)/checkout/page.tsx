import type { Metadata } from "next";
import { CheckoutView } from "@/components/checkout/checkout-view";

export const metadata: Metadata = { title: "Checkout", robots: { index: false } };

/** /checkout, prerendered: the cart is the browser's, the wallet and the farms' times come from /api. */
export default function CheckoutPage() {
  return <CheckoutView />;
}
