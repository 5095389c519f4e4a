import type { Metadata } from "next";
import { MyFarmFrame } from "@/components/farm/my-farm-frame";

export const metadata: Metadata = { title: "My Farm", robots: { index: false } };

/**
 * My Farm: farm accounts only. The layout reads nothing per request (the frame asks /api in the
 * browser), so My Farm pages that read nothing either are prerendered like the other app screens.
 */
export default function MyFarmLayout({ children }: { children: React.ReactNode }) {
  return <MyFarmFrame>{children}</MyFarmFrame>;
}
