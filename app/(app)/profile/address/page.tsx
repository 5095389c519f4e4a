import type { Metadata } from "next";
import { AddressBook } from "@/components/profile/address-book";
import { requireUser } from "@/lib/server/auth/current-user";
import { listAddresses } from "@/lib/server/fulfilment/addresses";

export const metadata: Metadata = { title: "Address", robots: { index: false } };

export default async function AddressPage() {
  const user = await requireUser("/profile/address");
  const addresses = await listAddresses(user.id).catch((error) => {
    console.error("[profile/address] addresses failed to load:", error);
    return null;
  });
  return <AddressBook initial={addresses} />;
}
