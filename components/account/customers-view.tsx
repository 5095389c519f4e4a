"use client";
import { useId, useState } from "react";
import { FileText, Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { DialogHeading } from "@/components/ui/dialog-heading";
import { useBusyDialog } from "@/components/ui/use-busy-dialog";
import { Field } from "@/components/ui/field";
import { AmountInput } from "@/components/ui/input";
import { PanelSection } from "@/components/ui/panel-section";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useSeededSWR } from "@/lib/client/data";
import { cn } from "@/lib/cn";
import { formatCurrency, formatDate, formatDay } from "@/lib/format";
import { formatCents, sumDollarsInCents } from "@/lib/money";
import type { CustomerJson } from "@/lib/contracts/account";
import { creditLimitFormSchema } from "@/lib/validators/account";
import { CardList, SummaryCard } from "./card-list";
import { invoicePdfHref, StatementStatus } from "./statement-status";

const KEY = "/api/my-farm/customers";

/** My Farm → Customers (docs/restaurants.md, "Pay on account"): who owes what, credit lines, statements. */
export function CustomersView({ initial }: { initial: CustomerJson[] | null }) {
  const { data, error, mutate } = useSeededSWR<CustomerJson[]>(KEY, initial);
  const replace = (next: CustomerJson) =>
    mutate((list) => (list ?? []).map((c) => (c.id === next.id ? next : c)), { revalidate: false });

  if (error && !data) {
    return (
      <LoadError
        message={messageOf(error, "Failed to load your customers")}
        onRetry={() => void mutate()}
      />
    );
  }
  const list = data ?? [];
  const overdue = sumDollarsInCents(list, (c) => c.overdue);
  return (
    <PanelSection
      id="customers-title"
      title="Customers"
      className="grid gap-4"
      aside={
        <dl className="flex gap-6 text-sm">
          <div>
            <dt className="text-muted">Owed to you</dt>
            <dd className="text-lg font-bold tabular-nums" data-testid="customers-owed">
              {formatCents(sumDollarsInCents(list, (c) => c.owed))}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Overdue</dt>
            <dd className={cn("text-lg font-bold tabular-nums", overdue > 0 && "text-red-700")}>
              {formatCents(overdue)}
            </dd>
          </div>
        </dl>
      }
      intro={
        <p className="text-sm text-muted">
          Your buyers, what each owes on account, and the credit you give restaurants.
        </p>
      }
    >
      {list.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-3xl border border-gray-200 p-8 text-center">
          <Users aria-hidden className="h-10 w-10 text-brand-700" />
          <p className="font-semibold text-ink">No customers yet</p>
          <p className="text-sm text-muted">
            Buyers appear here after their first order or standing order at your farm.
          </p>
        </div>
      ) : (
        <CardList items={list}>{(c) => <CustomerCard customer={c} onChanged={replace} />}</CardList>
      )}
    </PanelSection>
  );
}

function CustomerCard({
  customer: c,
  onChanged,
}: {
  customer: CustomerJson;
  onChanged: (c: CustomerJson) => void;
}) {
  return (
    <SummaryCard
      id={`customer-${c.id}`}
      testId="customer"
      heading="h3"
      title={c.company ?? c.name}
      meta={
        <>
          {c.company ? `${c.name} · ` : ""}
          {c.orders} {c.orders === 1 ? "order" : "orders"}
          {c.lastOrderAt ? ` · last ${formatDate(c.lastOrderAt)}` : ""}
        </>
      }
      badge={
        <Badge variant={c.kind === "restaurant" ? "default" : "secondary"}>
          {c.kind === "restaurant" ? "Restaurant" : "Shopper"}
        </Badge>
      }
    >
      {c.kind === "restaurant" ? <CreditBar customer={c} /> : null}
      {c.kind === "restaurant" ? (
        <div className="flex flex-wrap gap-2">
          <CreditDialog customer={c} onChanged={onChanged} />
        </div>
      ) : null}
      {c.statements.length ? (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold text-ink">Statements</h4>
          <ul className="divide-y divide-gray-100 rounded-xl border border-gray-100">
            {c.statements.map((s) => (
              <StatementRow key={s.id} statement={s} />
            ))}
          </ul>
        </div>
      ) : null}
    </SummaryCard>
  );
}

/** One monthly statement of a customer: its status, period, orders, total and PDF. */
function StatementRow({ statement: s }: { statement: CustomerJson["statements"][number] }) {
  return (
    <li
      data-testid="customer-statement"
      className="flex flex-wrap items-center justify-between gap-2 p-2 text-sm"
    >
      <span className="flex items-center gap-2">
        <StatementStatus status={s.status} />
        <span className="font-medium text-ink">{s.periodLabel}</span>
        <span className="text-muted">
          {s.number} · {s.orderCount} {s.orderCount === 1 ? "order" : "orders"} · due{" "}
          {formatDay(s.dueDate)}
        </span>
      </span>
      <span className="flex items-center gap-3">
        <span className="font-semibold tabular-nums">{formatCurrency(s.total)}</span>
        <a
          href={invoicePdfHref(s.id)}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-semibold text-brand-800 hover:bg-brand-50"
        >
          <FileText aria-hidden className="h-4 w-4" />
          PDF<span className="sr-only"> invoice {s.number}</span>
        </a>
      </span>
    </li>
  );
}

/** Owed against the limit: a bar a farmer reads at a glance, with the figures in words beside it. */
function CreditBar({ customer: c }: { customer: CustomerJson }) {
  const limit = c.credit?.limit ?? 0;
  const owed = c.owed;
  const share = limit > 0 ? Math.min(1, owed / limit) : owed > 0 ? 1 : 0;
  const over = owed > limit;
  const words = c.credit
    ? `Owes ${formatCurrency(owed)} of a ${formatCurrency(limit)} limit`
    : owed > 0
      ? `Owes ${formatCurrency(owed)} · no credit line`
      : "No credit line";
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <span data-testid="customer-credit">{words}</span>
        {c.overdue > 0 ? (
          <span className="font-semibold text-red-700">{formatCurrency(c.overdue)} overdue</span>
        ) : c.credit ? (
          <span className="text-muted">{formatCurrency(c.credit.available)} available</span>
        ) : null}
      </div>
      {c.credit || owed > 0 ? (
        <div aria-hidden className="h-3 overflow-hidden rounded-full bg-gray-100">
          <div
            className={cn(
              "h-full rounded-full",
              over || c.overdue > 0 ? "bg-red-600" : "bg-brand-600",
            )}
            style={{ width: `${Math.round(share * 100)}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}

function CreditDialog({
  customer: c,
  onChanged,
}: {
  customer: CustomerJson;
  onChanged: (c: CustomerJson) => void;
}) {
  const [limit, setLimit] = useState(c.credit ? String(c.credit.limit) : "");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const dialog = useBusyDialog({
    onOpen: () => setLimit(c.credit ? String(c.credit.limit) : ""),
    onClose: () => setFieldError(undefined),
  });
  const id = useId();
  const who = c.company ?? c.name;

  const send = (method: "PUT" | "DELETE") =>
    dialog.run(async () => {
      let json: { limit: number } | undefined;
      if (method === "PUT") {
        const parsed = creditLimitFormSchema.safeParse({ limit });
        if (!parsed.success) {
          setFieldError(parsed.error.issues[0]?.message);
          return;
        }
        json = parsed.data;
      }
      setFieldError(undefined);
      try {
        const next = await apiFetch<CustomerJson>(`/api/my-farm/customers/${c.id}/credit`, {
          method,
          json,
        });
        onChanged(next);
        toast({
          title: method === "PUT" ? "Credit Limit Saved" : "Credit Line Closed",
          description:
            method === "PUT"
              ? `${who} can order up to ${formatCurrency(json!.limit)} on account`
              : `${who} pays from the wallet again`,
        });
        dialog.close();
      } catch (err) {
        toastFailure("Not Saved", err, "The credit limit could not be saved");
      }
    });

  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" data-testid="credit-open">
          {c.credit ? "Change credit limit" : "Give credit"}
          <span className="sr-only"> to {who}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          title={<>Credit for {who}</>}
          description={
            <>
              Orders on account plus unpaid statements stay within this limit. They are billed on a
              monthly statement, due on the 15th.
            </>
          }
        />
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void send("PUT");
          }}
        >
          <Field id={id} label="Credit limit (USD)" error={fieldError}>
            <AmountInput
              id={id}
              name="limit"
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
              data-testid="credit-limit"
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={dialog.busy} data-testid="credit-save">
              {dialog.busy ? "Saving..." : "Save limit"}
            </Button>
            {c.credit ? (
              <Button
                type="button"
                variant="outline"
                disabled={dialog.busy}
                onClick={() => void send("DELETE")}
              >
                Close credit line
              </Button>
            ) : null}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
