"use client";
import useSWR from "swr";
import { useAuth } from "@/components/auth/auth-provider";
import { LoadError } from "@/components/ui/load-error";
import { ApiError, messageOf } from "@/lib/client/api";
import type { MyFarmJson } from "@/lib/contracts/farm";
import { FarmSubnav } from "./farm-subnav";
import { NotAFarmer } from "./not-a-farmer";
import { OfflineApp } from "./offline-app";

export const MY_FARM_KEY = "/api/my-farm";

/**
 * My Farm's frame: the farm's name over its section tabs, farm accounts only. It reads the session
 * and the farm in the browser, so the layout is prerendered and a page under it that reads nothing
 * per request is too (docs/architecture.md, "Pages"). Everyone else gets a friendly explanation.
 */
export function MyFarmFrame({ children }: { children: React.ReactNode }) {
  const { user, status } = useAuth();
  const farmer = user?.userType === "farmer";
  const farm = useSWR<MyFarmJson>(farmer ? MY_FARM_KEY : null);
  if (status === "signed-in" && !farmer) return <NotAFarmer />;
  if (farm.error instanceof ApiError && farm.error.status === 404)
    return <NotAFarmer message="No farm is linked to this account yet" />;
  return (
    <div className="grid gap-6">
      <header className="grid gap-1 print:hidden">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">My Farm</p>
        {farm.data ? (
          <h1 className="text-2xl font-bold text-ink md:text-3xl">{farm.data.farmName}</h1>
        ) : (
          <h1 className="text-2xl font-bold text-ink md:text-3xl">
            <span className="sr-only">Loading your farm</span>
            <span aria-hidden className="block h-8 w-56 animate-pulse rounded-lg bg-gray-100" />
          </h1>
        )}
      </header>
      {farm.error && !(farm.error instanceof ApiError && farm.error.status === 404) ? (
        <LoadError
          message={messageOf(farm.error, "Failed to load your farm")}
          onRetry={() => void farm.mutate()}
        />
      ) : null}
      <FarmSubnav />
      <OfflineApp farmKey={MY_FARM_KEY} />
      {children}
    </div>
  );
}
