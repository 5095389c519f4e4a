import type { Metadata } from "next";
import { AuditView } from "@/components/ops/audit-view";

export const metadata: Metadata = { title: "Audit log · Ops console" };

export default function Page() {
  return <AuditView />;
}
