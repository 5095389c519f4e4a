import type { ReactNode } from "react";
import { RouteTransition } from "@/components/marketing/route-transition";

/** A template remounts on every route change, which is what starts the transition. */
export default function MarketingTemplate({ children }: { children: ReactNode }) {
  return <RouteTransition>{children}</RouteTransition>;
}
