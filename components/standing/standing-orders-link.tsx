"use client";
import { Repeat } from "lucide-react";
import { RestaurantLink } from "@/components/account/restaurant-link";

/** "Standing orders" next to the Orders heading, for restaurants only. */
export function StandingOrdersLink() {
  return (
    <RestaurantLink href="/standing-orders" icon={Repeat}>
      Standing orders
    </RestaurantLink>
  );
}
