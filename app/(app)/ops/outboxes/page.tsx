import type { Metadata } from "next";
import { OutboxesView } from "@/components/ops/outboxes-view";

export const metadata: Metadata = { title: "Outboxes · Ops console" };

export default function Page() {
  return <OutboxesView />;
}
