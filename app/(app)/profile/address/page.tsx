import type { Metadata } from "next";
import { AddressBook } from "@/components/profile/address-book";

export const metadata: Metadata = { title: "Address", robots: { index: false } };

/** Profile → Address, prerendered: the address book comes from /api in the browser. */
export default function AddressPage() {
  return <AddressBook />;
}
