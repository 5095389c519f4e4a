import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CheckoutView } from "@/components/checkout/checkout-view";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { getWallet } from "@/lib/server/wallet/get-wallet";

export const metadata: Metadata = { title: "Checkout", robots: { index: false } };

export default async function CheckoutPage() {
  // proxy.ts only checks that a cookie exists; the session itself is verified here.
  const user = await getCurrentUser();
  if (!user) redirect("/auth?next=/checkout");
  const wallet = await getWallet(user.id).catch((error) => {
    console.error("[checkout] wallet failed to load:", error);
    return null;
  });
  return <CheckoutView initialWallet={wallet} />;
}
