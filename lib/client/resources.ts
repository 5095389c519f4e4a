"use client";
import useSWR, { type SWRConfiguration } from "swr";
import type { z } from "zod";
import type { accountApi } from "@/lib/contracts/account";
import type { businessApi } from "@/lib/contracts/business";
import type { catalogApi } from "@/lib/contracts/catalog";
import type { farmApi } from "@/lib/contracts/farm";
import type { fulfilmentApi } from "@/lib/contracts/fulfilment";
import type { messagesApi } from "@/lib/contracts/messages";
import type { notificationsApi } from "@/lib/contracts/notifications";
import type { opsApi } from "@/lib/contracts/ops";
import type { ordersApi } from "@/lib/contracts/orders";
import type { paymentsApi } from "@/lib/contracts/payments";
import type { sharesApi } from "@/lib/contracts/shares";
import type { standingApi } from "@/lib/contracts/standing";
import type { walletApi } from "@/lib/contracts/wallet";
import { apiFetch } from "./api";
import { fetchFirstPage } from "./paged";

/*
 * One typed hook per resource a screen reads through SWR (docs/architecture.md, "Client data").
 * The key is the contract's path (a path that is not the contract's does not compile) and the
 * data type is what the contract's response schema answers, so a screen names the resource, not
 * a URL and a type that could drift apart. Writers `mutate(apiKey(...))` the same keys.
 */

type GetEndpoint = { method: "GET"; path: string; response?: unknown };

/** What a GET endpoint answers, read from its contract's response schema. */
export type AnswerOf<E extends GetEndpoint> = E["response"] extends z.ZodType
  ? z.infer<E["response"]>
  : never;

/** The SWR key of a read: the contract's path with its `{name}` parameters filled in. */
export function apiKey<E extends GetEndpoint>(
  path: E["path"],
  params: Record<string, string | number> = {},
): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

function useRead<E extends GetEndpoint>(key: string | null, config?: SWRConfiguration) {
  return useSWR<AnswerOf<E>>(key, config ?? {});
}

/** A read at one fixed path: its SWR key (for writers to `mutate`) and the hook that reads it. */
function fixedRead<E extends GetEndpoint>(path: E["path"]) {
  const key = apiKey<E>(path);
  const useFixedRead = () => useRead<E>(key);
  return [key, useFixedRead] as const;
}

/** GET /api/wallet: one key shared by the wallet screen, checkout, invoices and order refunds. */
export const [WALLET_KEY, useWallet] = fixedRead<typeof walletApi.wallet>("/api/wallet");

type PaymentsConfig = typeof paymentsApi.config;
/** GET /api/payments/config: the provider (demo or stripe) and the commission rate. */
export const usePaymentsConfig = () =>
  useRead<PaymentsConfig>(apiKey<PaymentsConfig>("/api/payments/config"));

type Addresses = typeof fulfilmentApi.addresses;
export const ADDRESSES_KEY = apiKey<Addresses>("/api/addresses");
/** GET /api/addresses; `enabled: false` reads nothing (no key). */
export const useAddresses = (enabled = true) => useRead<Addresses>(enabled ? ADDRESSES_KEY : null);

type CreditLines = typeof accountApi.creditLines;
/** GET /api/credit-lines (a restaurant's credit lines per farm). */
export const useCreditLines = (enabled = true) =>
  useRead<CreditLines>(enabled ? apiKey<CreditLines>("/api/credit-lines") : null);

type Invoices = typeof accountApi.invoices;
export const INVOICES_KEY = apiKey<Invoices>("/api/invoices");
/** GET /api/invoices (a restaurant's statements); `enabled: false` reads nothing. */
export const useInvoices = (enabled = true) => useRead<Invoices>(enabled ? INVOICES_KEY : null);

type Categories = typeof catalogApi.categories;
export const useCategories = () => useRead<Categories>(apiKey<Categories>("/api/categories"));

type BusinessAccount = typeof businessApi.get;
export const useBusinessAccount = () =>
  useRead<BusinessAccount>(apiKey<BusinessAccount>("/api/business-account"));

type NotificationPreferences = typeof notificationsApi.preferences;
export const useNotificationPreferences = () =>
  useRead<NotificationPreferences>(
    apiKey<NotificationPreferences>("/api/notification-preferences"),
  );

type FreshSheets = typeof notificationsApi.freshSheets;
export const useFreshSheetSwitches = (enabled = true) =>
  useRead<FreshSheets>(enabled ? apiKey<FreshSheets>("/api/fresh-sheets") : null);

type StandingOrders = typeof standingApi.list;
type MyShares = typeof sharesApi.mine;
/** GET /api/me/shares: the member's farm shares with their next boxes. */
export const useMyShares = () => useRead<MyShares>(apiKey<MyShares>("/api/me/shares"));

type FarmSharePlans = typeof sharesApi.farmPlans;
/** GET /api/my-farm/shares: the farm's plans. */
export const useFarmSharePlans = () =>
  useRead<FarmSharePlans>(apiKey<FarmSharePlans>("/api/my-farm/shares"));

type FarmSharePlan = typeof sharesApi.farmPlan;
/** GET /api/my-farm/shares/{planId}: one plan's members, next box, tally and free stock. */
/** GET /api/my-farm/fulfilment: the farm's points, zones and windows (shared with the fulfilment form). */
export const [FARM_FULFILMENT_KEY, useFarmFulfilment] =
  fixedRead<typeof fulfilmentApi.settings>("/api/my-farm/fulfilment");

type OpenShares = typeof sharesApi.near;
/** GET /api/shares/open (home's "Join a farm share"); `null` reads nothing. */
export const useOpenShares = (enabled: boolean) =>
  useRead<OpenShares>(enabled ? apiKey<OpenShares>("/api/shares/open") : null);

export const useFarmSharePlan = (planId: number) =>
  useRead<FarmSharePlan>(apiKey<FarmSharePlan>("/api/my-farm/shares/{planId}", { planId }));

export const STANDING_ORDERS_KEY = apiKey<StandingOrders>("/api/standing-orders");
export const useStandingOrders = (enabled = true) =>
  useRead<StandingOrders>(enabled ? STANDING_ORDERS_KEY : null);

type StandingProducts = typeof standingApi.products;
/** GET /api/standing-orders/{id}/products (what a standing order can gain); `null` reads nothing. */
export const useStandingProducts = (id: number | null) =>
  useRead<StandingProducts>(
    id === null ? null : apiKey<StandingProducts>("/api/standing-orders/{id}/products", { id }),
  );

type OrderDetail = typeof ordersApi.get;
export const orderKey = (id: number) => apiKey<OrderDetail>("/api/orders/{id}", { id });
/** GET /api/orders/{id}; `null` reads nothing. */
export const useOrderDetail = (id: number | null, config?: SWRConfiguration) =>
  useRead<OrderDetail>(id === null ? null : orderKey(id), config);

type FarmFulfilment = typeof fulfilmentApi.farmFulfilment;
/** GET /api/farms/{id}/fulfilment for each farm, fetched together under one key. */
export function useFarmFulfilments(farmIds: number[]) {
  const keys = farmIds.map((id) => apiKey<FarmFulfilment>("/api/farms/{id}/fulfilment", { id }));
  return useSWR<AnswerOf<FarmFulfilment>[]>(keys.length ? keys : null, (paths: string[]) =>
    Promise.all(paths.map((p) => apiFetch<AnswerOf<FarmFulfilment>>(p))),
  );
}

type ProductSearch = typeof catalogApi.searchProducts;
/** GET /api/products/search?q=&limit= */
export const useProductSearch = (q: string, limit: number) =>
  useRead<ProductSearch>(
    `${apiKey<ProductSearch>("/api/products/search")}?q=${encodeURIComponent(q)}&limit=${limit}`,
  );

type UsualProducts = typeof catalogApi.usualProducts;
/** GET /api/products/usual (what the buyer orders most often). */
export const useUsualProducts = () =>
  useRead<UsualProducts>(apiKey<UsualProducts>("/api/products/usual"));

type MyFarm = typeof farmApi.farm;
/** GET /api/my-farm: one SWR entry for My Farm's frame and the farm's header. */
export const useMyFarm = (enabled = true) =>
  useRead<MyFarm>(enabled ? apiKey<MyFarm>("/api/my-farm") : null);

/** My Farm → Pack list of one day; `null`: the next day with orders (the server picks it). */
export const packListKey = (date: string | null) =>
  `${apiKey<typeof fulfilmentApi.packList>("/api/my-farm/pack-list")}${date ? `?date=${date}` : ""}`;
export const usePackList = (date: string | null) =>
  useRead<typeof fulfilmentApi.packList>(packListKey(date));

/** My Farm → Orders: the first page of active orders and their count (the list's seed, `usePaged`). */
export const INCOMING_ORDERS_KEY = apiKey<typeof farmApi.orders>("/api/my-farm/orders");
export const useIncomingOrders = () =>
  useSWR(INCOMING_ORDERS_KEY, (url: string) =>
    fetchFirstPage<AnswerOf<typeof farmApi.orders>[number]>(url),
  );
export const [WEEKLY_SALES_KEY, useWeeklySales] =
  fixedRead<typeof farmApi.sales>("/api/my-farm/sales");

/** GET /api/my-farm/today: My Farm → Today, read again on every live order event. */
export const [FARM_TODAY_KEY, useFarmToday] = fixedRead<typeof farmApi.today>("/api/my-farm/today");

type MyProducts = typeof farmApi.products;
/** GET /api/my-farm/products (the farmer's own catalogue); `enabled: false` reads nothing. */
export const useMyProducts = (enabled = true) =>
  useRead<MyProducts>(enabled ? apiKey<MyProducts>("/api/my-farm/products") : null);

type Suppliers = typeof messagesApi.suppliers;
type SupplierSearch = { q: string; items: AnswerOf<Suppliers> };
async function searchSuppliers(path: string): Promise<SupplierSearch> {
  const q = new URLSearchParams(path.slice(path.indexOf("?"))).get("q") ?? "";
  return { q, items: await apiFetch<AnswerOf<Suppliers>>(path) };
}
/** GET /api/suppliers?q=, with the query each answer is for; the last answer stays while the next loads. */
export const useSupplierSearch = (q: string) =>
  useSWR<SupplierSearch>(
    `${apiKey<Suppliers>("/api/suppliers")}?q=${encodeURIComponent(q)}`,
    searchSuppliers,
    { keepPreviousData: true },
  );

/* The ops console (docs/operations.md): staff-only reads; anyone else gets 404. */
export const [OPS_TODAY_KEY, useOpsToday] = fixedRead<typeof opsApi.today>("/api/ops/today");

export const [OPS_APPLICATIONS_KEY, useOpsApplications] = fixedRead<typeof opsApi.applications>(
  "/api/ops/business-accounts",
);

export const [OPS_OUTBOXES_KEY, useOpsOutboxes] =
  fixedRead<typeof opsApi.outboxes>("/api/ops/outboxes");

export const [OPS_PAYOUTS_KEY, useOpsPayouts] =
  fixedRead<typeof opsApi.payouts>("/api/ops/payouts");

type OpsPeople = typeof opsApi.people;
/** GET /api/ops/people?q= (at least 2 characters, else nothing is read). */
export const useOpsPeople = (q: string) =>
  useRead<OpsPeople>(
    q.trim().length >= 2
      ? `${apiKey<OpsPeople>("/api/ops/people")}?q=${encodeURIComponent(q.trim())}`
      : null,
  );

type OpsPerson = typeof opsApi.person;
export const opsPersonKey = (id: number) => apiKey<OpsPerson>("/api/ops/people/{id}", { id });
export const useOpsPerson = (id: number | null) =>
  useRead<OpsPerson>(id === null ? null : opsPersonKey(id));

type OpsAudit = typeof opsApi.audit;
/** GET /api/ops/audit with its filters (the first page; newest first). */
export const opsAuditKey = (filters: { action?: string; target?: string }) => {
  const q = new URLSearchParams({ limit: "50" });
  if (filters.action) q.set("action", filters.action);
  if (filters.target) q.set("target", filters.target);
  return `${apiKey<OpsAudit>("/api/ops/audit")}?${q}`;
};
export const useOpsAudit = (filters: { action?: string; target?: string }) =>
  useRead<OpsAudit>(opsAuditKey(filters));

type OpsFarms = typeof opsApi.farms;
/** GET /api/ops/farms?q= (empty: the newest 50). */
export const opsFarmsKey = (q: string) =>
  `${apiKey<OpsFarms>("/api/ops/farms")}${q.trim() ? `?q=${encodeURIComponent(q.trim())}` : ""}`;
export const useOpsFarms = (q: string) => useRead<OpsFarms>(opsFarmsKey(q));

export const [OPS_WALLET_HOLDS_KEY, useOpsWalletHolds] =
  fixedRead<typeof opsApi.walletHolds>("/api/ops/wallet-holds");
