import type { Metadata } from "next";
import { PeopleView } from "@/components/ops/people-view";

export const metadata: Metadata = { title: "People · Ops console" };

export default function Page() {
  return <PeopleView />;
}
