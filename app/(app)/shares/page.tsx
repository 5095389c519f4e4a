import type { Metadata } from "next";
import { SharesPage } from "@/components/shares/shares-view";

export const metadata: Metadata = { title: "Farm shares", robots: { index: false } };

/** /shares, prerendered: the member's farm shares come from /api in the browser. */
export default function Page() {
  return <SharesPage />;
}
