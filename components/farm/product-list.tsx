"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Eye, EyeOff, Pencil } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { StockStepper } from "./stock-stepper";
import { useStockSteps } from "./use-stock-steps";
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
 * Every product of the farm, hidden ones included, with − / + on its stock (./use-stock-steps.ts),
 * edit and hide/unhide.
 */
export function ProductList({ products: fromServer }: { products: MyProductJson[] }) {
  const router = useRouter();
  const list = useServerList(fromServer);
  const products = list.items;
  const [busy, setBusy] = useState<number | null>(null);
  const steps = useStockSteps(list.replace);

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
        const stock = p.stock + steps.pending(p.id);
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
            <StockStepper
              product={p}
              stock={stock}
              steps={steps}
              countClassName="min-w-20 text-sm"
              countTestId="stock-count"
            >
              {stock} in stock
            </StockStepper>
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
