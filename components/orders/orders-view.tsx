"use client";
import { useState } from "react";
import { ClipboardList, RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { apiFetch } from "@/lib/client/api";
import type { OrderJson } from "@/lib/server/orders/serialize";
import { OrderCard } from "./order-card";

const TABS = [
  { value: "active", label: "Active", hint: "Orders you pay for show up here until they are delivered." },
  { value: "completed", label: "Completed", hint: "Delivered orders will be listed here." },
  { value: "cancelled", label: "Cancelled", hint: "Orders you cancel are listed here with their refunds." },
] as const;

/** /orders: Active, Completed and Cancelled tabs over the user's real orders. */
export function OrdersView({ initialOrders }: { initialOrders: OrderJson[] | null }) {
  const [orders, setOrders] = useState(initialOrders);
  const [loading, setLoading] = useState(false);

  const refresh = async () => {
    setLoading(true);
    try {
      setOrders(await apiFetch<OrderJson[]>("/api/orders"));
    } catch {
      setOrders(null);
    } finally {
      setLoading(false);
    }
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
        {TABS.map((t) => {
          const list = orders?.filter((o) => o.status === t.value) ?? [];
          return (
            <TabsContent key={t.value} value={t.value}>
              {orders === null ? (
                <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
                  <span>Failed to fetch orders</span>
                  <Button variant="outline" size="sm" onClick={refresh} disabled={loading}>
                    <RotateCw aria-hidden className={loading ? "h-4 w-4 animate-spin" : "h-4 w-4"} />
                    {loading ? "Retrying..." : "Try again"}
                  </Button>
                </div>
              ) : list.length === 0 ? (
                <div data-testid="orders-empty" className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-gray-300 p-10 text-center">
                  <ClipboardList aria-hidden className="h-10 w-10 text-brand-700" />
                  <p className="font-semibold text-ink">No {t.value} orders</p>
                  <p className="max-w-sm text-sm text-muted">{t.hint}</p>
                </div>
              ) : (
                <ul className="grid gap-4 md:grid-cols-2" aria-label={`${t.label} orders`}>
                  {list.map((o) => (
                    <OrderCard key={o.id} order={o} onChanged={refresh} />
                  ))}
                </ul>
              )}
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
