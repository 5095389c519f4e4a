import type { Metadata } from "next";
import { InvoicesView } from "@/components/account/invoices-view";

export const metadata: Metadata = { title: "Invoices", robots: { index: false } };

/** /invoices, prerendered: the buyer's monthly statements (docs/restaurants.md, "Statements") come from /api in the browser. */
export default function InvoicesPage() {
  return <InvoicesView />;
}
