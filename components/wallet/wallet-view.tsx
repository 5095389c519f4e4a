"use client";
import { useRef, useState } from "react";
import { Plus, Wallet as WalletIcon } from "lucide-react";
import { useAuth } from "@/components/auth/auth-provider";
import { PageTitle } from "@/components/ui/page-title";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { LoadMoreButton } from "@/components/ui/load-more";
import { usePaged } from "@/lib/client/use-paged";
import { formatCurrency } from "@/lib/format";
import type { TransactionJson } from "@/lib/contracts/wallet";
import { InvoicesLink } from "@/components/account/invoices-link";
import { OverdueNotice } from "@/components/account/overdue-notice";
import { TopUpDialog } from "./top-up-dialog";
import { TransactionList } from "./transaction-list";
import { useCardTopUpReturn } from "./use-card-top-up-return";
import { usePaymentsConfig, useWallet } from "@/lib/client/resources";

/**
 * /wallet: the card ("/api/wallet") and the first page of the history (GET /api/transactions),
 * each fetched when the screen opens; older rows load with "Load more". After every top-up both
 * are fetched again (every history page shown).
 */
export function WalletView() {
  const { user } = useAuth();
  const { data: wallet, error: walletError, mutate: mutateWallet } = useWallet();
  const listRef = useRef<HTMLUListElement>(null);
  const history = usePaged<TransactionJson>("/api/transactions", undefined, listRef);
  const transactions = history.page?.items ?? null;
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    await Promise.allSettled([mutateWallet(), history.refresh()]);
    setRefreshing(false);
  };
  const { data: payments } = usePaymentsConfig();
  const cardTopUp = useCardTopUpReturn(refresh);

  return (
    <div className="grid grid-cols-1 gap-8">
      <PageTitle title="Wallet">
        <InvoicesLink />
      </PageTitle>
      <OverdueNotice />
      {wallet ? (
        <section
          aria-label="Wallet card"
          className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 to-brand-950 p-6 text-white shadow-lg"
        >
          <WalletIcon aria-hidden className="absolute -top-4 -right-4 h-32 w-32 text-white/10" />
          <p className="text-sm text-white/85">Account holder</p>
          <p className="text-lg font-semibold" data-testid="wallet-name">
            {user ? (
              user.fullName
            ) : (
              <span
                aria-hidden
                className="inline-block h-6 w-40 animate-pulse rounded-lg bg-white/20 align-middle motion-reduce:animate-none"
              />
            )}
          </p>
          <p className="mt-4 text-sm text-white/85">Wallet ID</p>
          <p className="font-mono text-base tracking-wider" data-testid="wallet-id">
            {wallet.walletId}
          </p>
          {payments?.provider === "demo" ? (
            <p className="mt-4 text-sm text-white/85" data-testid="demo-payments">
              Demo payments — no card is charged
            </p>
          ) : null}
          {wallet.onHold ? (
            <p role="status" className="mt-4 text-sm font-semibold" data-testid="wallet-on-hold">
              {wallet.holdReason === "refund"
                ? "Your wallet is on hold: a card top-up was refunded to your card after its money was spent. Nothing can be paid from it until support settles it."
                : "Your wallet is on hold while a card payment is disputed. Nothing can be paid from it until the dispute is resolved."}
            </p>
          ) : null}
          {cardTopUp.waiting ? (
            <p role="status" className="mt-4 text-sm text-white/85" data-testid="topup-waiting">
              Confirming your card payment...
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
            <div>
              <p className="text-sm text-white/85">Balance</p>
              <p
                className="text-4xl font-bold tabular-nums"
                data-testid="wallet-balance"
                aria-live="polite"
              >
                {formatCurrency(wallet.balance)}
              </p>
            </div>
            <TopUpDialog
              onToppedUp={refresh}
              trigger={
                <Button variant="secondary" size="lg" data-testid="topup-open">
                  <Plus aria-hidden className="h-5 w-5" />
                  Top Up
                </Button>
              }
            />
          </div>
        </section>
      ) : walletError ? (
        <LoadError message="Failed to fetch wallet" onRetry={refresh} busy={refreshing} />
      ) : (
        <div
          role="status"
          aria-label="Loading wallet"
          className="h-60 animate-pulse rounded-3xl bg-brand-800/80 motion-reduce:animate-none"
          data-testid="wallet-loading"
        />
      )}

      <section aria-labelledby="history-title" className="grid grid-cols-1 gap-4">
        <h2 id="history-title" className="text-xl font-bold text-ink">
          Transaction History
        </h2>
        {transactions ? (
          <>
            <TransactionList transactions={transactions} listRef={listRef} />
            {transactions.length > 0 ? (
              <LoadMoreButton list={history} label="transactions" />
            ) : null}
          </>
        ) : history.status === "loading" ? (
          <p role="status" className="py-6 text-center text-sm text-muted">
            Loading transactions...
          </p>
        ) : (
          <LoadError message="Failed to fetch transactions" onRetry={refresh} busy={refreshing} />
        )}
      </section>
    </div>
  );
}
