"use client";
import { Suspense, useEffect, useRef, useState } from "react";
import { useSearchParams } from "next/navigation";
import { ClipboardList, RotateCw } from "lucide-react";
import { PageTitle } from "@/components/ui/page-title";
import { Button } from "@/components/ui/button";
import { LoadMoreButton } from "@/components/ui/load-more";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { usePaged } from "@/lib/client/use-paged";
import type { OrderJson } from "@/lib/contracts/orders";
import type { OrderStatusValue } from "@/lib/validators/orders";
import { StandingOrdersLink } from "@/components/standing/standing-orders-link";
import { FarmSharesLink } from "@/components/shares/farm-shares-link";
import { OrderCard } from "./order-card";
import { OrderPlaced } from "./order-placed";
import { UsualItems } from "./usual-items";
import { useOrderEvents } from "./use-order-events";

const TABS = [
  {
    value: "active",
    label: "Active",
    hint: "Orders you pay for show up here until they are delivered.",
  },
  { value: "completed", label: "Completed", hint: "Delivered orders will be listed here." },
  {
    value: "cancelled",
    label: "Cancelled",
    hint: "Orders you cancel are listed here with their refunds.",
  },
] as const;

const listUrl = (status: OrderStatusValue) => `/api/orders?status=${status}`;

/**
 * /orders: Active, Completed and Cancelled tabs over the user's real orders.
 * Each tab is its own cursor-paginated list (SWR, keyed by its status) that fetches its pages each
 * time it is shown (Active when the screen opens, the others when opened), showing what it had
 * meanwhile; "Load more" appends older orders. A cancel fetches the tab's pages again, and
 * so does a live order event (a standing order placed, a change applied; docs/notifications.md).
 */
export function OrdersView() {
  const [tab, setShownTab] = useState<string>("active");
  // The address follows the tab (a reload or a shared link opens it, and the rail highlights
  // Reorder on Completed); Next keeps its router in step with history.replaceState.
  const setTab = (next: string) => {
    setShownTab(next);
    const query = next === "active" ? "" : `?tab=${next}`;
    if (window.location.search !== query) window.history.replaceState(null, "", `/orders${query}`);
  };
  return (
    // One shrinkable column at every level: a long farm or product name truncates instead of
    // widening the phone's page.
    <div className="grid grid-cols-1 gap-6">
      <PageTitle title="Orders">
        <div className="flex flex-wrap gap-1">
          <FarmSharesLink />
          <StandingOrdersLink />
        </div>
      </PageTitle>
      <OrderPlaced />
      {/* ?tab=completed (the Reorder link) opens that tab; read in the browser, the shell stays prerendered. */}
      <Suspense fallback={null}>
        <TabFromUrl onTab={setShownTab} />
      </Suspense>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Order status" className="w-full sm:w-auto">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="flex-1 sm:flex-none">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value} className="grid grid-cols-1 gap-6">
            {t.value === "completed" ? <UsualItems /> : null}
            <OrderTab tab={t} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function TabFromUrl({ onTab }: { onTab: (tab: string) => void }) {
  const wanted = useSearchParams().get("tab");
  useEffect(() => {
    if (TABS.some((t) => t.value === wanted)) onTab(wanted!);
  }, [wanted, onTab]);
  return null;
}

function OrderTab({ tab }: { tab: (typeof TABS)[number] }) {
  const listRef = useRef<HTMLUListElement>(null);
  const list = usePaged<OrderJson>(listUrl(tab.value), undefined, listRef);
  const { page, status } = list;
  useOrderEvents(() => void list.refresh());

  if (status === "loading") {
    return (
      <p role="status" className="py-10 text-center text-sm text-muted">
        Loading orders...
      </p>
    );
  }
  if (status === "failed" || !page) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      >
        <span>Failed to fetch orders</span>
        <Button variant="outline" size="sm" onClick={() => void list.refresh()}>
          <RotateCw aria-hidden className="h-4 w-4" />
          Try again
        </Button>
      </div>
    );
  }
  if (page.items.length === 0) {
    return (
      <div
        data-testid="orders-empty"
        className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-gray-300 p-10 text-center"
      >
        <ClipboardList aria-hidden className="h-10 w-10 text-brand-700" />
        <p className="font-semibold text-ink">No {tab.value} orders</p>
        <p className="max-w-sm text-sm text-muted">{tab.hint}</p>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4">
      <ul
        ref={listRef}
        className="grid grid-cols-1 gap-4 md:grid-cols-2"
        aria-label={`${tab.label} orders`}
      >
        {page.items.map((o) => (
          <OrderCard key={o.id} order={o} onChanged={list.refresh} />
        ))}
      </ul>
      <LoadMoreButton list={list} label="orders" />
    </div>
  );
}
