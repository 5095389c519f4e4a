import type { Metadata } from "next";
import { FarmSubnav } from "@/components/farm/farm-subnav";
import { NotAFarmer } from "@/components/farm/not-a-farmer";
import { requireUser } from "@/lib/server/auth/current-user";
import { myFarmOrNull } from "@/lib/server/farm/profile";

export const metadata: Metadata = { title: "My Farm", robots: { index: false } };

/** My Farm: farm accounts only. Everyone else gets a friendly explanation (the API answers them 403). */
export default async function MyFarmLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser("/my-farm");
  if (user.userType !== "farmer") return <NotAFarmer />;
  const farm = await myFarmOrNull(user);
  if (!farm) return <NotAFarmer message="No farm is linked to this account yet" />;
  return (
    <div className="grid gap-6">
      <header className="grid gap-1 print:hidden">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">My Farm</p>
        <h1 className="text-2xl font-bold text-ink md:text-3xl">{farm.farmName}</h1>
      </header>
      <FarmSubnav />
      {children}
    </div>
  );
}
