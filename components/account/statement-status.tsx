import { Badge } from "@/components/ui/badge";
import type { StatementSummaryJson } from "@/lib/contracts/account";

const LOOK = {
  open: { label: "Open", variant: "secondary" },
  issued: { label: "Due", variant: "warning" },
  overdue: { label: "Overdue", variant: "destructive" },
  paid: { label: "Paid", variant: "default" },
} as const;

/** A statement's status as a badge (docs/restaurants.md, "Statements"). */
export function StatementStatus({ status }: { status: StatementSummaryJson["status"] }) {
  const look = LOOK[status];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}

/** The invoice PDF (docs/restaurants.md, "Statements"). */
export const invoicePdfHref = (id: number) => `/api/invoices/${id}/invoice.pdf`;
