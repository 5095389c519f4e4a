import type { Metadata } from "next";
import { WalletView } from "@/components/wallet/wallet-view";
import { requireUser } from "@/lib/server/auth/current-user";
import { getWallet, listTransactions } from "@/lib/server/wallet/get-wallet";
import { PAGE_SIZE } from "@/lib/validators/page";

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
  const user = await requireUser("/wallet");
  const [wallet, transactions] = await Promise.all([settle("wallet", getWallet(user.id)), settle("transactions", listTransactions(user.id, { limit: PAGE_SIZE }))]);
  return <WalletView fullName={user.fullName} initialWallet={wallet} initialTransactions={transactions} />;
}
