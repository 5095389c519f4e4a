import type { Metadata } from "next";
import { SupplierPicker } from "@/components/messages/supplier-picker";

export const metadata: Metadata = { title: "New chat" };

export default function NewChatPage() {
  return <SupplierPicker />;
}
