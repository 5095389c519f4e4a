"use client";
import { useState } from "react";
import { FileText, ReceiptText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { DialogHeading } from "@/components/ui/dialog-heading";
import { useBusyDialog } from "@/components/ui/use-busy-dialog";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch, newIdempotencyKey } from "@/lib/client/api";
import { formatCurrency, formatDay } from "@/lib/format";
import { RestaurantPage } from "./restaurant-page";
import type { PayStatementResult, StatementSummaryJson } from "@/lib/contracts/account";
import { LoadStates } from "@/components/ui/load-states";
import { CardList, EmptyCard, SummaryCard } from "./card-list";
import { invoicePdfHref, StatementStatus } from "./statement-status";
import { useInvoices, useWallet } from "@/lib/client/resources";

/** /invoices: a buyer's monthly statements from the farms that give them credit, each with its PDF and Pay from wallet. */
export function InvoicesView() {
  const invoices = useInvoices();
  const { data: wallet, mutate: mutateWallet } = useWallet();

  return (
    <RestaurantPage
      title="Invoices"
      intro={
        <>
          Orders you place on account go on each farm&apos;s monthly statement. Pay it from your
          wallet once the month is over; it is due on the 15th.
        </>
      }
    >
      <LoadStates
        read={invoices}
        failed="Failed to load your invoices"
        loading="Loading invoices..."
        empty={
          <EmptyCard icon={ReceiptText} title="No invoices yet">
            When a farm gives your business credit, choose &quot;On account&quot; at checkout and
            the order lands on that farm&apos;s monthly statement here.
          </EmptyCard>
        }
      >
        {(list) => (
          <CardList items={list} testId="invoices">
            {(s) => (
              <StatementCard
                statement={s}
                balance={wallet?.balance ?? null}
                onPaid={async (r) => {
                  await mutateWallet(r.wallet, { revalidate: false });
                  await invoices.mutate();
                }}
              />
            )}
          </CardList>
        )}
      </LoadStates>
    </RestaurantPage>
  );
}

/** A statement, the wallet balance that may pay it (null while loading), what follows a payment. */
type StatementProps = {
  statement: StatementSummaryJson;
  balance: number | null;
  onPaid: (r: PayStatementResult) => Promise<void>;
};

function StatementCard({ statement: s, balance, onPaid }: StatementProps) {
  return (
    <SummaryCard
      id={`statement-${s.id}`}
      testId="invoice"
      heading="h2"
      title={
        <>
          {s.farm.farmName} · {s.periodLabel}
        </>
      }
      meta={
        <>
          {s.number} · {s.orderCount} {s.orderCount === 1 ? "order" : "orders"} · due{" "}
          {formatDay(s.dueDate)}
        </>
      }
      badge={<StatementStatus status={s.status} />}
    >
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Total</dt>
          <dd className="font-semibold tabular-nums">{formatCurrency(s.total)}</dd>
        </div>
        <div>
          <dt className="text-muted">Paid</dt>
          <dd className="tabular-nums">{formatCurrency(s.paid)}</dd>
        </div>
        <div>
          <dt className="text-muted">Amount due</dt>
          <dd className="font-semibold tabular-nums" data-testid="invoice-due">
            {formatCurrency(s.due)}
          </dd>
        </div>
      </dl>
      {s.notPayableReason && s.status !== "paid" ? (
        <p className="text-sm text-muted">{s.notPayableReason}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={invoicePdfHref(s.id)} target="_blank" rel="noopener">
            <FileText aria-hidden className="h-4 w-4" />
            PDF invoice<span className="sr-only"> {s.number}</span>
          </a>
        </Button>
        {s.payable ? <PayDialog statement={s} balance={balance} onPaid={onPaid} /> : null}
      </div>
    </SummaryCard>
  );
}

/** Confirm, then pay the statement from the wallet with one Idempotency-Key per dialog opening (a retried click pays once). */
function PayDialog({ statement: s, balance, onPaid }: StatementProps) {
  const [key, setKey] = useState(newIdempotencyKey);
  const dialog = useBusyDialog({ onOpen: () => setKey(newIdempotencyKey()) });
  const short = balance !== null && balance < s.due;

  const pay = () =>
    dialog.run(async () => {
      try {
        const result = await apiFetch<PayStatementResult>(`/api/invoices/${s.id}/pay`, {
          method: "POST",
          idempotencyKey: key,
        });
        toast({
          title: "Statement Paid",
          description: `${formatCurrency(s.due)} paid to ${s.farm.farmName} from your wallet`,
        });
        dialog.close();
        await onPaid(result);
      } catch (err) {
        toastFailure("Payment Failed", err, "The statement could not be paid");
      }
    });

  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" data-testid="invoice-pay">
          Pay from wallet
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          title={<>Pay {s.number}</>}
          description={
            <>
              {s.farm.farmName}, {s.periodLabel}: {formatCurrency(s.due)} from your wallet
              {balance !== null ? ` (balance ${formatCurrency(balance)})` : ""}.
            </>
          }
        />
        {short ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            Your wallet holds less than this statement. Top up your wallet first.
          </p>
        ) : null}
        <Button
          size="lg"
          onClick={() => void pay()}
          disabled={dialog.busy || short}
          data-testid="invoice-pay-confirm"
        >
          {dialog.busy ? "Paying..." : `Pay ${formatCurrency(s.due)}`}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
