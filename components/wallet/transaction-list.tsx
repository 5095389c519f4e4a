import type { Ref } from "react";
import { ArrowDownLeft, Package, PencilLine, RotateCcw, ShoppingBag } from "lucide-react";
import { formatCurrency } from "@/lib/format";
import type { TransactionJson } from "@/lib/contracts/wallet";
import { cn } from "@/lib/cn";
import { IconCircle } from "@/components/ui/icon-circle";
import { DateTime } from "@/components/ui/date-time";
import { EmptyNote } from "@/components/ui/empty-note";

const TYPE = {
  "top-up": { label: "Top-up", Icon: ArrowDownLeft, tone: "bg-brand-50 text-brand-800" },
  order: { label: "Order", Icon: ShoppingBag, tone: "bg-harvest-400/30 text-ink" },
  refund: { label: "Refund", Icon: RotateCcw, tone: "bg-sky-50 text-sky-800" },
  adjustment: { label: "Order change", Icon: PencilLine, tone: "bg-amber-50 text-amber-900" },
  share: { label: "Farm share", Icon: Package, tone: "bg-brand-50 text-brand-800" },
} as const satisfies Record<TransactionJson["type"], unknown>;

/** "+$50.00" for money in, "-$15.00" for money out. */
export function signedAmount(amount: number): string {
  return amount > 0 ? `+${formatCurrency(amount)}` : formatCurrency(amount);
}

/** Transaction History rows: newest first as the API sends them. */
export function TransactionList({
  transactions,
  listRef,
}: {
  transactions: TransactionJson[];
  listRef?: Ref<HTMLUListElement>;
}) {
  if (transactions.length === 0) {
    return <EmptyNote>No transactions yet. Top up your wallet to get started.</EmptyNote>;
  }
  return (
    <ul
      ref={listRef}
      className="divide-y divide-gray-100 rounded-2xl border border-gray-200 bg-white"
      aria-label="Transactions"
    >
      {transactions.map((t) => {
        const { label, Icon, tone } = TYPE[t.type];
        return (
          <li
            key={t.id}
            data-testid="transaction"
            data-type={t.type}
            className="flex items-center gap-3 p-4"
          >
            <IconCircle icon={Icon} className={cn("h-10 w-10", tone)} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-ink">{t.description}</p>
              <p className="text-xs text-muted">
                <span data-testid="transaction-type">{label}</span> ·{" "}
                <DateTime value={t.timestamp} format="dateTime" />
              </p>
            </div>
            <span
              data-testid="transaction-amount"
              className={cn(
                "shrink-0 font-semibold tabular-nums",
                t.amount > 0 ? "text-brand-800" : "text-red-700",
              )}
            >
              {signedAmount(t.amount)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
