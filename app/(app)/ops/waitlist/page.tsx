import type { Metadata } from "next";
import { WaitlistView } from "@/components/ops/waitlist-view";

export const metadata: Metadata = { title: "Waitlist · Ops console" };

export default function Page() {
  return <WaitlistView />;
}
