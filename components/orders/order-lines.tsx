import { FileText } from "lucide-react";
import { AmountRow } from "@/components/ui/amount-row";
import { percentLabel } from "@/lib/commission";
import type { OrderJson } from "@/lib/contracts/orders";
import { formatCurrency, formatItemCount, formatQuantity } from "@/lib/format";
import { formatLinePrice } from "@/lib/money";
import { LineItemName } from "./line-item-name";

/** An order's lines, its taxes and its total: the order's details and its confirmation show them. */
export function OrderLines({ order, headingId }: { order: OrderJson; headingId: string }) {
  return (
    <>
      <h3 id={headingId} className="font-semibold text-ink">
        Items ({formatItemCount(order.items)})
      </h3>
      <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
        {order.items.map((i) => (
          <li key={i.id} className="flex items-center justify-between gap-3 p-3 text-sm">
            <span>
              <LineItemName name={i.productName}>
                {formatQuantity(i.quantity, i.unit, i.caseSize)} @{" "}
                {formatLinePrice(i.price, i.unit, i.caseSize)}
              </LineItemName>
            </span>
            <span className="tabular-nums">{formatCurrency(i.subtotal)}</span>
          </li>
        ))}
      </ul>
      {order.taxes.length ? (
        <dl className="grid gap-1 text-sm" data-testid="order-detail-taxes">
          <div className="flex justify-between">
            <dt className="text-muted">Subtotal</dt>
            <dd className="tabular-nums">{formatCurrency(order.subtotal)}</dd>
          </div>
          {order.taxes.map((t) => (
            <div key={t.name} className="flex justify-between">
              <dt className="text-muted">
                {t.name} {percentLabel(t.rate)}
              </dt>
              <dd className="tabular-nums">{formatCurrency(t.amount)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <AmountRow
        label="Total"
        amount={formatCurrency(order.totalAmount)}
        testId="order-detail-total"
        className="flex justify-between font-bold"
      />
    </>
  );
}

/** The order's receipt, a PDF in a new tab. */
export function ReceiptLink({ orderId }: { orderId: number }) {
  return (
    <a
      href={`/api/orders/${orderId}/receipt.pdf`}
      target="_blank"
      rel="noopener"
      className="inline-flex min-h-11 items-center gap-1.5 justify-self-start text-sm font-semibold text-brand-800 hover:underline"
      data-testid="order-receipt"
    >
      <FileText aria-hidden className="h-4 w-4" /> Receipt (PDF)
    </a>
  );
}
