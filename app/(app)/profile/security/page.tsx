import type { Metadata } from "next";
import { SecuritySettings } from "@/components/profile/security-settings";

export const metadata: Metadata = { title: "Security", robots: { index: false } };

/** Profile → Security, prerendered: the sessions come from /api in the browser. */
export default function SecurityPage() {
  return <SecuritySettings />;
}
