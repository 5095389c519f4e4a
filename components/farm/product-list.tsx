"use client";
import { useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Eye, EyeOff, Minus, Pencil, Plus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import { useServerList } from "@/lib/client/use-server-list";
import { formatCurrency } from "@/lib/format";
import type { MyProductJson } from "@/lib/contracts/farm";
import { Picture, type PictureFrame } from "@/components/ui/picture";
import { EmptyNote } from "@/components/ui/empty-note";

/** A product's picture at the start of its row. */
const THUMBNAIL: PictureFrame = {
  width: 64,
  height: 64,
  className: "h-16 w-16 shrink-0 overflow-hidden rounded-xl bg-brand-50",
  imgClassName: "h-full w-full object-cover",
};

/**
 * Every product of the farm, hidden ones included, with − / + on its stock, edit and hide/unhide.
 * A tap shows at once; taps are sent one request at a time per product (what piled up meanwhile
 * goes in the next one), so answers never arrive out of order, and a refused step is rolled back.
 */
export function ProductList({ products: fromServer }: { products: MyProductJson[] }) {
  const router = useRouter();
  const list = useServerList(fromServer);
  const products = list.items;
  const [busy, setBusy] = useState<number | null>(null);
  // Units tapped but not yet in a server answer, per product: shown on top of the list's stock.
  const [unconfirmed, setUnconfirmed] = useState<Record<number, number>>({});
  const unsent = useRef(new Map<number, number>());
  const sending = useRef(new Set<number>());

  function step(p: MyProductJson, delta: number) {
    setUnconfirmed((u) => ({ ...u, [p.id]: (u[p.id] ?? 0) + delta }));
    unsent.current.set(p.id, (unsent.current.get(p.id) ?? 0) + delta);
    void send(p);
  }

  async function send(p: MyProductJson) {
    const delta = unsent.current.get(p.id) ?? 0;
    if (sending.current.has(p.id) || delta === 0) return;
    unsent.current.set(p.id, 0);
    sending.current.add(p.id);
    try {
      const updated = await apiFetch<MyProductJson>(`/api/my-farm/products/${p.id}/stock`, {
        method: "POST",
        json: { delta },
      });
      list.replace(updated);
    } catch (e) {
      toastFailure(`Could not change the stock of ${p.name}`, e);
    } finally {
      setUnconfirmed((u) => ({ ...u, [p.id]: (u[p.id] ?? 0) - delta }));
      sending.current.delete(p.id);
      void send(p);
    }
  }

  async function toggleHidden(p: MyProductJson) {
    setBusy(p.id);
    try {
      const updated = await apiFetch<MyProductJson>(`/api/my-farm/products/${p.id}`, {
        method: "PATCH",
        json: { isHidden: !p.isHidden },
      });
      list.replace(updated);
      toast({
        title: updated.isHidden ? "Product hidden" : "Product visible",
        description: updated.isHidden
          ? `${p.name} no longer shows in the catalog.`
          : `${p.name} is back in the catalog.`,
      });
      router.refresh();
    } catch (e) {
      toastFailure("Could not update the product", e);
    } finally {
      setBusy(null);
    }
  }

  if (products.length === 0) {
    return <EmptyNote>No products yet. Add your first one to start selling.</EmptyNote>;
  }
  return (
    <ul className="grid gap-3" aria-label="Your products">
      {products.map((p) => {
        const stock = p.stock + (unconfirmed[p.id] ?? 0);
        return (
          <li
            key={p.id}
            data-testid="my-product"
            className="flex flex-wrap items-center gap-4 rounded-2xl border border-gray-200 p-4"
          >
            <Picture src={p.image} {...THUMBNAIL} />
            <div className="grid min-w-40 flex-1 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-bold text-ink">{p.name}</h2>
                {p.isHidden ? <Badge variant="muted">Hidden</Badge> : null}
                {p.isFeatured ? <Badge variant="secondary">Featured</Badge> : null}
                {stock === 0 ? <Badge variant="destructive">Out of Stock</Badge> : null}
              </div>
              <p className="text-sm text-muted">
                {formatCurrency(p.price)} / {p.unit}
                {p.reserved > 0 ? (
                  <>
                    {" "}
                    · <span data-testid="reserved">{p.reserved} reserved</span> ·{" "}
                    <span data-testid="free">{Math.max(0, stock - p.reserved)} free</span>
                  </>
                ) : null}
              </p>
            </div>
            <div className="flex items-center gap-1" role="group" aria-label={`Stock of ${p.name}`}>
              <Button
                variant="outline"
                size="icon"
                onClick={() => step(p, -1)}
                disabled={stock <= 0}
                aria-label={`One ${p.unit} less of ${p.name}`}
              >
                <Minus aria-hidden className="h-4 w-4" />
              </Button>
              <span
                className="min-w-20 text-center text-sm text-ink tabular-nums"
                aria-live="polite"
                data-testid="stock-count"
              >
                {stock} in stock
              </span>
              <Button
                variant="outline"
                size="icon"
                onClick={() => step(p, 1)}
                aria-label={`One ${p.unit} more of ${p.name}`}
              >
                <Plus aria-hidden className="h-4 w-4" />
              </Button>
            </div>
            <div className="flex gap-2">
              <Button asChild variant="outline" size="sm">
                <Link href={`/my-farm/products/${p.id}`} aria-label={`Edit ${p.name}`}>
                  <Pencil aria-hidden className="h-4 w-4" />
                  Edit
                </Link>
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => toggleHidden(p)}
                disabled={busy === p.id}
                aria-label={`${p.isHidden ? "Show" : "Hide"} ${p.name}`}
              >
                {p.isHidden ? (
                  <Eye aria-hidden className="h-4 w-4" />
                ) : (
                  <EyeOff aria-hidden className="h-4 w-4" />
                )}
                {p.isHidden ? "Show" : "Hide"}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
