import type { Metadata } from "next";
import { MyHub } from "@/components/hubs/my-hub";

export const metadata: Metadata = { title: "My Hub", robots: { index: false } };

/** /my-hub (docs/hubs.md), prerendered: the distributor's hub and suppliers come from /api in the browser. */
export default function MyHubPage() {
  return <MyHub />;
}
