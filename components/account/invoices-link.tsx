"use client";
import { ReceiptText } from "lucide-react";
import { RestaurantLink } from "./restaurant-link";

/** "Invoices" beside the Wallet heading, for restaurants only (docs/restaurants.md, "Statements"). */
export function InvoicesLink() {
  return (
    <RestaurantLink href="/invoices" icon={ReceiptText}>
      Invoices
    </RestaurantLink>
  );
}
