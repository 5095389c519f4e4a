"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Repeat } from "lucide-react";
import { useAuth } from "@/components/auth/auth-provider";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import type { AddressJson, SlotJson } from "@/lib/contracts/fulfilment";
import type { OrderJson } from "@/lib/contracts/orders";
import type { StandingOrderJson } from "@/lib/contracts/standing";
import { parseSlotId } from "@/lib/validators/fulfilment";
import { localDay } from "./format";

/** The standing order's place: the pickup point of the order's window, or the saved address it went to. */
async function placeOf(order: OrderJson): Promise<{ pickupPointId?: number; addressId?: number }> {
  const f = order.fulfilment!;
  if (f.kind === "pickup") {
    const windowId = parseSlotId(f.slotId)?.windowId;
    const slots = await apiFetch<SlotJson[]>(`/api/farms/${order.farm.id}/slots`);
    const point = slots.find((s) => parseSlotId(s.slotId)?.windowId === windowId)?.pickupPoint;
    return point ? { pickupPointId: point.id } : {};
  }
  const addresses = await apiFetch<AddressJson[]>("/api/addresses");
  const same =
    addresses.find((a) => `${a.line1}, ${a.city}` === f.address) ??
    addresses.find((a) => a.postalCode === f.postalCode);
  if (!same) throw new Error("Save this delivery address in Profile → Address first");
  return { addressId: same.id };
}

/** A weekly standing order of an order with a slot: the same products, day and place (from a past order, or one just placed from the cart). */
export async function repeatWeekly(order: OrderJson): Promise<StandingOrderJson> {
  const f = order.fulfilment!;
  return apiFetch<StandingOrderJson>("/api/standing-orders", {
    method: "POST",
    json: {
      farmId: order.farm.id,
      items: order.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
      // The slot's local date (its ISO text carries the farm's offset), read as a calendar day.
      weekday: new Date(`${f.start.slice(0, 10)}T12:00:00Z`).getUTCDay(),
      kind: f.kind,
      ...(await placeOf(order)),
      everyWeeks: 1,
    },
  });
}

/** "Repeat every week" on a past order (restaurants): the same products, day and place, from the next open week. */
export function RepeatWeeklyButton({ order }: { order: OrderJson }) {
  const { user } = useAuth();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  if (user?.userType !== "restaurant" || !order.fulfilment) return null;

  async function repeat() {
    setBusy(true);
    try {
      const created = await repeatWeekly(order);
      toast({
        title: "Standing order set up",
        description: created.nextDate ? `First one: ${localDay(created.nextDate)}` : undefined,
      });
      router.push("/standing-orders");
    } catch (error) {
      toast({
        title: "Could not set up the standing order",
        description: messageOf(error, error instanceof Error ? error.message : "Please try again"),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="secondary"
      className="justify-self-start"
      disabled={busy}
      onClick={() => void repeat()}
    >
      <Repeat aria-hidden className="h-4 w-4" />
      {busy ? "Setting up..." : "Repeat every week"}
    </Button>
  );
}
