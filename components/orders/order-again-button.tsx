"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { RotateCcw } from "lucide-react";
import { useCart } from "@/components/cart/cart-provider";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import type { ProductJson } from "@/lib/contracts/catalog";
import type { OrderJson } from "@/lib/contracts/orders";

/**
 * "Order again": the order's lines go back into the cart at today's prices (the reader's price
 * level and case size, read fresh from the catalog), then checkout opens to review them. Lines
 * whose product is gone or sold out are left out and named.
 */
export function OrderAgainButton({ order }: { order: OrderJson }) {
  const { addItems } = useCart();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  const again = async () => {
    setBusy(true);
    try {
      const found = await Promise.all(
        order.items.map((item) =>
          apiFetch<ProductJson>(`/api/products/${item.productId}`).then(
            (product) => ({ product, quantity: item.quantity, name: item.productName }),
            () => ({ product: null, quantity: item.quantity, name: item.productName }),
          ),
        ),
      );
      const lines = found.filter(
        (l): l is typeof l & { product: ProductJson } => l.product !== null && l.product.inStock,
      );
      const missing = found.filter((l) => !lines.includes(l as (typeof lines)[number]));
      if (lines.length === 0) {
        toast({
          title: "Nothing to add",
          description: `${missing.map((l) => l.name).join(", ")} ${missing.length === 1 ? "is" : "are"} not available now`,
          variant: "destructive",
        });
        return;
      }
      addItems(lines.map(({ product, quantity }) => ({ product, quantity })));
      toast({
        title: "Added to Cart",
        description:
          missing.length === 0
            ? `Your order from ${order.farm.farmName} is in your cart again`
            : `Not available now: ${missing.map((l) => l.name).join(", ")}`,
      });
      router.push("/checkout");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={again}
      aria-busy={busy || undefined}
      disabled={busy}
      aria-label={`Order again from ${order.farm.farmName}`}
    >
      <RotateCcw aria-hidden className="h-4 w-4" />
      {busy ? "Adding..." : "Order again"}
    </Button>
  );
}
