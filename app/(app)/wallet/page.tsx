import type { Metadata } from "next";
import { WalletView } from "@/components/wallet/wallet-view";

export const metadata: Metadata = { title: "Wallet", robots: { index: false } };

/** /wallet, prerendered: the card and the history come from /api in the browser (docs/architecture.md, "Pages"). */
export default function WalletPage() {
  return <WalletView />;
}
