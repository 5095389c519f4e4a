import type { Metadata } from "next";
import { InvoicesView } from "@/components/account/invoices-view";
import { listInvoices } from "@/lib/server/account/statements";
import { requireUser } from "@/lib/server/auth/current-user";
import { getWallet } from "@/lib/server/wallet/get-wallet";

export const metadata: Metadata = { title: "Invoices", robots: { index: false } };

async function settle<T>(what: string, p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (error) {
    console.error(`[invoices] ${what} failed to load:`, error);
    return null;
  }
}

/** /invoices: the buyer's monthly statements (docs/restaurants.md, "Statements"). */
export default async function InvoicesPage() {
  const user = await requireUser("/invoices");
  const [statements, wallet] = await Promise.all([settle("statements", listInvoices(user.id)), settle("wallet", getWallet(user.id))]);
  return <InvoicesView initial={statements} initialWallet={wallet} />;
}
