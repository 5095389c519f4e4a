import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { WalletView } from "@/components/wallet/wallet-view";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { getWallet, listTransactions } from "@/lib/server/wallet/get-wallet";

export const metadata: Metadata = { title: "Wallet", robots: { index: false } };

async function settle<T>(what: string, p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (error) {
    console.error(`[wallet] ${what} failed to load:`, error);
    return null;
  }
}

export default async function WalletPage() {
  // proxy.ts only checks that a cookie exists; the session itself is verified here.
  const user = await getCurrentUser();
  if (!user) redirect("/auth?next=/wallet");
  const [wallet, transactions] = await Promise.all([settle("wallet", getWallet(user.id)), settle("transactions", listTransactions(user.id, 200))]);
  return <WalletView fullName={user.fullName} initialWallet={wallet} initialTransactions={transactions} />;
}
