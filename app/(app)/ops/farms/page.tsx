import type { Metadata } from "next";
import { FarmsView } from "@/components/ops/farms-view";

export const metadata: Metadata = { title: "Farms · Ops console" };

export default function Page() {
  return <FarmsView />;
}
