"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { ClipboardList, RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LoadMoreButton, usePagedList } from "@/components/ui/load-more";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { withCursor, type ClientPage } from "@/lib/client/paged";
import type { OrderJson } from "@/lib/server/orders/serialize";
import type { Page } from "@/lib/validators/page";
import type { OrderStatusValue } from "@/lib/validators/orders";
import { OrderCard } from "./order-card";

const TABS = [
  { value: "active", label: "Active", hint: "Orders you pay for show up here until they are delivered." },
  { value: "completed", label: "Completed", hint: "Delivered orders will be listed here." },
  { value: "cancelled", label: "Cancelled", hint: "Orders you cancel are listed here with their refunds." },
] as const;

const listUrl = (status: OrderStatusValue) => `/api/orders?status=${status}`;

/**
 * /orders: Active, Completed and Cancelled tabs over the user's real orders.
 * Each tab is its own cursor-paginated list: the server renders the first page of Active, the
 * other tabs load their first page when opened, and "Load more" appends older orders. A change
 * (a cancel) starts every tab over from its first page.
 */
export function OrdersView({ initialActive }: { initialActive: Page<OrderJson> | null }) {
  // Pages already loaded, per tab, so switching tabs does not refetch (Radix unmounts hidden tabs).
  const [loaded, setLoaded] = useState<Partial<Record<OrderStatusValue, ClientPage<OrderJson> | null>>>(() => ({
    active: initialActive && { items: initialActive.items, next: withCursor(listUrl("active"), initialActive.nextCursor) },
  }));
  const [generation, setGeneration] = useState(0);
  const remember = useCallback(
    (status: OrderStatusValue, page: ClientPage<OrderJson> | null) => setLoaded((l) => (l[status] === page ? l : { ...l, [status]: page })),
    [],
  );
  const changed = () => {
    setLoaded({});
    setGeneration((g) => g + 1);
  };

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-ink">Orders</h1>
      <Tabs defaultValue="active">
        <TabsList aria-label="Order status" className="w-full sm:w-auto">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="flex-1 sm:flex-none">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <OrderTab
              key={generation}
              tab={t}
              initial={t.value in loaded ? loaded[t.value]! : undefined}
              remember={remember}
              onChanged={changed}
            />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function OrderTab({
  tab,
  initial,
  remember,
  onChanged,
}: {
  tab: (typeof TABS)[number];
  /** undefined: not loaded yet; null: the server render could not load it. */
  initial: ClientPage<OrderJson> | null | undefined;
  remember: (status: OrderStatusValue, page: ClientPage<OrderJson> | null) => void;
  onChanged: () => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const list = usePagedList<OrderJson>(initial ?? null, listRef);
  const [state, setState] = useState<"loading" | "ready" | "failed">(initial ? "ready" : initial === null ? "failed" : "loading");
  const { reset, page } = list;

  const fetchFirst = useCallback(() => reset(listUrl(tab.value)).then((ok) => setState(ok ? "ready" : "failed")), [reset, tab.value]);
  const retry = () => {
    setState("loading");
    void fetchFirst();
  };

  const [mountedWith] = useState(initial);
  useEffect(() => {
    // A tab opened for the first time (or after a change) loads its first page.
    if (mountedWith === undefined) void fetchFirst();
  }, [mountedWith, fetchFirst]);

  useEffect(() => {
    if (state === "ready") remember(tab.value, page);
  }, [state, page, remember, tab.value]);

  if (state === "loading") {
    return (
      <p role="status" className="py-10 text-center text-sm text-muted">
        Loading orders...
      </p>
    );
  }
  if (state === "failed" || !page) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <span>Failed to fetch orders</span>
        <Button variant="outline" size="sm" onClick={retry}>
          <RotateCw aria-hidden className="h-4 w-4" />
          Try again
        </Button>
      </div>
    );
  }
  if (page.items.length === 0) {
    return (
      <div data-testid="orders-empty" className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-gray-300 p-10 text-center">
        <ClipboardList aria-hidden className="h-10 w-10 text-brand-700" />
        <p className="font-semibold text-ink">No {tab.value} orders</p>
        <p className="max-w-sm text-sm text-muted">{tab.hint}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <ul ref={listRef} className="grid gap-4 md:grid-cols-2" aria-label={`${tab.label} orders`}>
        {page.items.map((o) => (
          <OrderCard key={o.id} order={o} onChanged={onChanged} />
        ))}
      </ul>
      <LoadMoreButton hasMore={page.next !== null} loading={list.loading} onClick={list.loadMore} label="orders" shown={page.items.length} />
    </div>
  );
}
