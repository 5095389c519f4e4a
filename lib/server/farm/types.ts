/** JSON shapes of /api/my-farm, defined by their contracts. Type-only: safe to import from client components. */
export type {
  IncomingOrderJson,
  MyFarmJson,
  MyProductJson,
  SalesDayJson,
  WeeklySalesJson,
} from "@/lib/contracts/farm";
