import type { Metadata } from "next";
import { MyFarmFrame } from "@/components/farm/my-farm-frame";

// The farm app installs from its own pages (docs/offline.md): the manifest starts on Today.
export const metadata: Metadata = {
  title: "My Farm",
  robots: { index: false },
  manifest: "/farm.webmanifest",
  appleWebApp: { capable: true, title: "My Farm", statusBarStyle: "default" },
};

/**
 * My Farm: farm accounts only. The layout reads nothing per request (the frame asks /api in the
 * browser), so My Farm pages that read nothing either are prerendered like the other app screens.
 */
export default function MyFarmLayout({ children }: { children: React.ReactNode }) {
  return <MyFarmFrame>{children}</MyFarmFrame>;
}
