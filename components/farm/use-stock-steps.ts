"use client";
import { useRef, useState } from "react";
import { toastFailure } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import type { MyProductJson } from "@/lib/contracts/farm";

/**
 * The farmer's − / + on a product's stock (My Farm → Products and → Today), through the stock
 * owner's call (POST /api/my-farm/products/{id}/stock). A tap shows at once; taps are sent one
 * request at a time per product (what piled up meanwhile goes in the next one), so answers never
 * arrive out of order, and a refused step is rolled back. `answered` gets each server answer.
 */
export function useStockSteps(answered: (product: MyProductJson) => void) {
  // Units tapped but not yet in a server answer, per product: shown on top of the known stock.
  const [unconfirmed, setUnconfirmed] = useState<Record<number, number>>({});
  const unsent = useRef(new Map<number, number>());
  const sending = useRef(new Set<number>());

  async function send(p: { id: number; name: string }) {
    const delta = unsent.current.get(p.id) ?? 0;
    if (sending.current.has(p.id) || delta === 0) return;
    unsent.current.set(p.id, 0);
    sending.current.add(p.id);
    try {
      answered(
        await apiFetch<MyProductJson>(`/api/my-farm/products/${p.id}/stock`, {
          method: "POST",
          json: { delta },
        }),
      );
    } catch (e) {
      toastFailure(`Could not change the stock of ${p.name}`, e);
    } finally {
      setUnconfirmed((u) => ({ ...u, [p.id]: (u[p.id] ?? 0) - delta }));
      sending.current.delete(p.id);
      void send(p);
    }
  }

  return {
    /** Units tapped on `id` that no answer carries yet. */
    pending: (id: number) => unconfirmed[id] ?? 0,
    step(p: { id: number; name: string }, delta: number) {
      setUnconfirmed((u) => ({ ...u, [p.id]: (u[p.id] ?? 0) + delta }));
      unsent.current.set(p.id, (unsent.current.get(p.id) ?? 0) + delta);
      void send(p);
    },
  };
}
