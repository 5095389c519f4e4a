"use client";
import { useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { Minus, Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, hasCode, messageOf, newIdempotencyKey } from "@/lib/client/api";
import type { OrderDetailJson, OrderJson } from "@/lib/contracts/orders";
import { formatCurrency } from "@/lib/format";
import { dollarsToCents, formatCents, lineCents, sumCents, sumDollarsInCents } from "@/lib/money";
import { MAX_QUANTITY } from "@/lib/validators/orders";
import { orderKey, useProductSearch, WALLET_KEY } from "@/lib/client/resources";

type Line = { productId: number; productName: string; price: number; quantity: number };

/** What the wallet did, for the toast: "You paid $3.50 more" / "$2.00 went back to your wallet". */
export function differenceText(before: number, after: number, onAccount = false): string {
  const cents = dollarsToCents(after) - dollarsToCents(before);
  if (cents > 0)
    return onAccount
      ? `${formatCents(cents)} more on your statement`
      : `You paid ${formatCents(cents)} more`;
  if (cents < 0)
    return onAccount
      ? `${formatCents(-cents)} off your statement`
      : `${formatCents(-cents)} went back to your wallet`;
  return "The total did not change";
}

/**
 * "Edit order" before the cutoff (PATCH /api/orders/{id}): change quantities, remove lines, add
 * more of the same farm's products. The server moves totals, stock and the wallet in one step;
 * the new detail goes into the SWR cache and the wallet is fetched again.
 */
export function OrderEdit({
  order,
  onSaved,
  onCancel,
}: {
  order: OrderJson;
  onSaved: (detail: OrderDetailJson) => void | Promise<void>;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  const [lines, setLines] = useState<Line[]>(() =>
    order.items.map((i) => ({
      productId: i.productId,
      productName: i.productName,
      price: i.price,
      quantity: i.quantity,
    })),
  );
  const [adding, setAdding] = useState("");
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  // The farm's products, through the catalogue search (a farm's name finds its products).
  const { data: found, error: productsError } = useProductSearch(order.farm.farmName, 50);
  const addable = (found ?? []).filter(
    (p) => p.farmId === order.farmId && p.inStock && !lines.some((l) => l.productId === p.id),
  );

  const setQuantity = (productId: number, quantity: number) =>
    setLines((ls) =>
      ls.map((l) =>
        l.productId === productId
          ? { ...l, quantity: Math.max(1, Math.min(MAX_QUANTITY, Math.trunc(quantity) || 1)) }
          : l,
      ),
    );
  const remove = (productId: number) =>
    setLines((ls) => ls.filter((l) => l.productId !== productId));
  const add = () => {
    const p = addable.find((x) => String(x.id) === adding);
    if (!p) return;
    setLines((ls) => [
      ...ls,
      { productId: p.id, productName: p.name, price: p.price, quantity: 1 },
    ]);
    setAdding("");
  };

  const goodsCents = sumCents(lines, (l) => lineCents(l.price, l.quantity));
  const beforeCents = sumDollarsInCents(order.items, (i) => i.subtotal);

  const save = async () => {
    if (saving || lines.length === 0) return;
    setSaving(true);
    setProblem(null);
    const items = lines.map((l) => ({ productId: l.productId, quantity: l.quantity }));
    const signature = JSON.stringify(items);
    if (attempt.current?.signature !== signature)
      attempt.current = { signature, key: newIdempotencyKey() };
    try {
      const detail = await apiFetch<OrderDetailJson>(`/api/orders/${order.id}`, {
        method: "PATCH",
        json: { items },
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      void mutate(orderKey(order.id), detail, { revalidate: false });
      void mutate(WALLET_KEY);
      toast({
        title: "Order updated",
        description: differenceText(
          order.totalAmount,
          detail.totalAmount,
          order.payment === "account",
        ),
      });
      await onSaved(detail);
    } catch (e) {
      setProblem(messageOf(e, "Could not change the order. Please try again."));
      if (hasCode(e, "order_locked") || hasCode(e, "order_not_active"))
        void mutate(orderKey(order.id));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby={`edit-${order.id}`}
      className="grid grid-cols-[minmax(0,1fr)] gap-3"
      data-testid="order-edit"
    >
      <h3 id={`edit-${order.id}`} className="font-semibold text-ink">
        Edit order
      </h3>
      <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200">
        {lines.map((l) => (
          <li key={l.productId} className="grid gap-2 p-3 text-sm" data-testid="edit-line">
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium text-ink">{l.productName}</span>
              <span className="tabular-nums">{formatCents(lineCents(l.price, l.quantity))}</span>
            </div>
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="icon"
                aria-label={`Fewer ${l.productName}`}
                onClick={() => setQuantity(l.productId, l.quantity - 1)}
                disabled={l.quantity <= 1}
              >
                <Minus aria-hidden className="h-4 w-4" />
              </Button>
              <input
                type="number"
                min={1}
                max={MAX_QUANTITY}
                inputMode="numeric"
                aria-label={`Quantity of ${l.productName}`}
                value={l.quantity}
                onChange={(e) => setQuantity(l.productId, Number(e.target.value))}
                className="h-11 w-16 rounded-lg border border-gray-400 text-center text-base"
              />
              <Button
                variant="outline"
                size="icon"
                aria-label={`More ${l.productName}`}
                onClick={() => setQuantity(l.productId, l.quantity + 1)}
                disabled={l.quantity >= MAX_QUANTITY}
              >
                <Plus aria-hidden className="h-4 w-4" />
              </Button>
              <Button
                variant="ghost"
                className="ml-auto text-red-700"
                aria-label={`Remove ${l.productName}`}
                onClick={() => remove(l.productId)}
              >
                <Trash2 aria-hidden className="h-4 w-4" /> Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {lines.length === 0 ? (
        <p className="text-sm text-muted">
          An order needs at least one product: cancel it instead.
        </p>
      ) : null}
      <div className="grid gap-1.5">
        <label htmlFor={`add-${order.id}`} className="text-sm font-semibold text-ink">
          Add a product from {order.farm.farmName}
        </label>
        <div className="flex gap-2">
          <select
            id={`add-${order.id}`}
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
            disabled={!found || addable.length === 0}
            className="block h-11 w-0 min-w-0 flex-1 rounded-lg border border-gray-400 bg-white px-3 text-base text-ink disabled:opacity-60"
          >
            <option value="">
              {productsError
                ? "Could not load the farm's products"
                : !found
                  ? "Loading products..."
                  : addable.length
                    ? "Choose a product"
                    : "No other products"}
            </option>
            {addable.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} · {formatCurrency(p.price)} / {p.unit}
              </option>
            ))}
          </select>
          <Button variant="secondary" onClick={add} disabled={!adding}>
            <Plus aria-hidden className="h-4 w-4" /> Add
          </Button>
        </div>
      </div>
      <p className="flex justify-between text-sm">
        <span className="text-muted">Items total</span>
        <span className="tabular-nums">
          {formatCents(goodsCents)}{" "}
          <span className="text-muted">(was {formatCents(beforeCents)})</span>
        </span>
      </p>
      {problem ? (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-700"
        >
          {problem}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Keep as it was
        </Button>
        <Button
          onClick={save}
          disabled={saving || lines.length === 0}
          data-testid="order-edit-save"
        >
          {saving ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </section>
  );
}
