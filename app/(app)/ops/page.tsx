import type { Metadata } from "next";
import { TodayView } from "@/components/ops/today-view";

export const metadata: Metadata = { title: "Today · Ops console" };

export default function Page() {
  return <TodayView />;
}
