import type { Metadata } from "next";
import { CheckoutView } from "@/components/checkout/checkout-view";
import { requireUser } from "@/lib/server/auth/current-user";
import { getWallet } from "@/lib/server/wallet/get-wallet";

export const metadata: Metadata = { title: "Checkout", robots: { index: false } };

export default async function CheckoutPage() {
  const user = await requireUser("/checkout");
  const wallet = await getWallet(user.id).catch((error) => {
    console.error("[checkout] wallet failed to load:", error);
    return null;
  });
  return <CheckoutView initialWallet={wallet} />;
}
