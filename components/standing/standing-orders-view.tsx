"use client";
import Link from "next/link";
import { useState, type InputHTMLAttributes } from "react";
import { CalendarClock, Plus, Repeat, Search } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button, type ButtonProps } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { LoadingStatus } from "@/components/ui/loading-status";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { AccessNotice } from "@/components/ui/access-notice";
import { DialogHeading } from "@/components/ui/dialog-heading";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useAuth } from "@/components/auth/auth-provider";
import { CardList, EmptyCard } from "@/components/account/card-list";
import { LoadStates } from "@/components/ui/load-states";
import { RestaurantPage } from "@/components/account/restaurant-page";
import { formatCurrency, formatQuantity, formatUnits } from "@/lib/format";
import { formatCasePrice, formatCents, formatLinePrice, lineCents, sumCents } from "@/lib/money";
import type { StandingOrderJson } from "@/lib/contracts/standing";
import { MAX_QUANTITY } from "@/lib/validators/orders";
import { WEEKDAYS, localDay } from "./format";
import { LineItemName } from "@/components/orders/line-item-name";
import { useStandingOrders, useStandingProducts } from "@/lib/client/resources";

const KEY = "/api/standing-orders";
const OCCURRENCE = { placed: "Placed", failed: "Not placed", skipped: "Skipped" } as const;

/** /standing-orders: the list for restaurants, a short explanation for everyone else. */
export function StandingOrdersPage() {
  const { user } = useAuth();
  if (user && user.userType !== "restaurant") return <NotARestaurant />;
  // Asked once the user is known to be a restaurant (anyone else would get a 403).
  return <StandingOrdersView restaurant={user !== null} />;
}

/** A restaurant's repeating orders, each with its next date and its controls. */
function StandingOrdersView({ restaurant }: { restaurant: boolean }) {
  const standing = useStandingOrders(restaurant);
  const replace = (next: StandingOrderJson) =>
    standing.mutate(
      (list) =>
        (list ?? []).flatMap((s) =>
          s.id !== next.id ? [s] : next.status === "cancelled" ? [] : [next],
        ),
      { revalidate: false },
    );

  return (
    <RestaurantPage
      title="Standing orders"
      intro={
        <>
          Orders placed for you every week, before each farm&apos;s cutoff: on account where the
          farm gives you credit, otherwise paid from your wallet.
        </>
      }
    >
      <LoadStates
        read={standing}
        failed="Failed to load your standing orders"
        loading="Loading standing orders..."
        empty={
          <EmptyCard
            icon={Repeat}
            title="No standing orders yet"
            action={
              <Button asChild variant="outline">
                <Link href="/orders">Your orders</Link>
              </Button>
            }
          >
            Open a past order and choose &quot;Repeat every week&quot; to have it placed for you
            each week.
          </EmptyCard>
        }
      >
        {(list) => (
          <CardList items={list}>
            {(s) => <StandingOrderCard standing={s} onChanged={replace} />}
          </CardList>
        )}
      </LoadStates>
    </RestaurantPage>
  );
}

function StandingOrderCard({
  standing: s,
  onChanged,
}: {
  standing: StandingOrderJson;
  onChanged: (s: StandingOrderJson) => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const titleId = `standing-${s.id}`;

  async function send(
    label: string,
    init: { method: "PATCH" | "DELETE"; json?: unknown },
    done: string,
  ) {
    setBusy(label);
    try {
      onChanged(await apiFetch<StandingOrderJson>(`${KEY}/${s.id}`, init));
      toast({ title: done });
      return true;
    } catch (error) {
      toast({
        title: "Could not change the standing order",
        description: messageOf(error, "Please try again"),
        variant: "destructive",
      });
      return false;
    } finally {
      setBusy(null);
    }
  }
  const action = (a: "pause" | "resume" | "skipNext" | "unskip", done: string) =>
    send(a, { method: "PATCH", json: { action: a } }, done);
  // Each occurrence is charged the agreed price, or the farm's price when it is lower now.
  const charged = (i: StandingOrderJson["items"][number]) => Math.min(i.price, i.currentPrice);
  const totalCents = sumCents(s.items, (i) => lineCents(charged(i), i.quantity));
  const skipping = s.skipNextDate !== null && s.skipNextDate === s.nextDate;
  const locked = busy !== null;

  return (
    <article
      aria-labelledby={titleId}
      className="grid gap-3 rounded-2xl border border-gray-200 bg-white p-4"
      data-testid="standing-order"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={titleId} className="font-semibold text-ink">
            {s.farmName}
          </h2>
          <p className="text-sm text-muted">
            {s.kind === "pickup" ? "Pickup" : "Delivery"} ·{" "}
            {s.everyWeeks === 1 ? "every week" : "every second week"} on {WEEKDAYS[s.weekday]} ·{" "}
            {s.place}
          </p>
        </div>
        <Badge variant={s.status === "active" ? "default" : "muted"}>
          {s.status === "active" ? "Active" : "Paused"}
        </Badge>
      </div>
      {s.status === "active" && s.nextDate ? (
        <p className="flex items-center gap-2 text-sm text-ink">
          <CalendarClock aria-hidden className="h-4 w-4 text-brand-700" />
          {skipping ? (
            <span>Skipping {localDay(s.nextDate)}; the week after is placed as usual</span>
          ) : (
            <span>
              Next: <strong>{localDay(s.nextDate)}</strong>
            </span>
          )}
        </p>
      ) : (
        <p className="text-sm text-muted">Paused: nothing is placed until you resume.</p>
      )}
      <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 text-sm">
        {s.items.map((i) => (
          <li key={i.productId} className="flex justify-between gap-3 p-3">
            <span>
              <LineItemName name={i.productName}>
                {formatQuantity(i.quantity, i.unit, i.caseSize)} @{" "}
                {formatLinePrice(charged(i), i.unit, i.caseSize)}
              </LineItemName>
              {i.currentPrice !== i.price ? (
                <span className="block text-xs text-muted" data-testid="standing-price-change">
                  {i.currentPrice > i.price
                    ? `The farm charges ${formatCurrency(i.currentPrice)} now: you pay the ${formatCurrency(i.price)} you agreed unless you accept the rise`
                    : `Down from the ${formatCurrency(i.price)} you agreed`}
                </span>
              ) : null}
            </span>
            <span className="tabular-nums">{formatCents(lineCents(charged(i), i.quantity))}</span>
          </li>
        ))}
        <li className="flex justify-between p-3 font-semibold">
          <span>Each time, before any fee</span>
          <span className="tabular-nums">{formatCents(totalCents)}</span>
        </li>
      </ul>
      {s.recent.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-brand-800">Recent weeks</summary>
          <ul className="mt-2 grid gap-1">
            {s.recent.map((o) => (
              <li key={o.localDate}>
                {localDay(o.localDate)}: {OCCURRENCE[o.status]}
                {o.reason ? <span className="text-red-700"> — {o.reason}</span> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {s.status === "active" ? (
          <>
            <Control locked={locked} onClick={() => void action("pause", "Standing order paused")}>
              {busy === "pause" ? "Pausing..." : "Pause"}
            </Control>
            <Control
              locked={locked}
              onClick={() =>
                void (skipping
                  ? action("unskip", "The next week will be placed after all")
                  : action("skipNext", "The next week will be skipped"))
              }
            >
              {busy === "unskip"
                ? "Undoing..."
                : busy === "skipNext"
                  ? "Skipping..."
                  : skipping
                    ? "Undo skip"
                    : "Skip next"}
            </Control>
          </>
        ) : (
          <Control
            locked={locked}
            variant="primary"
            onClick={() => void action("resume", "Standing order resumed")}
          >
            {busy === "resume" ? "Resuming..." : "Resume"}
          </Control>
        )}
        <Control locked={locked} onClick={() => setEditing(true)}>
          Edit quantities
        </Control>
        <Control locked={locked} onClick={() => setAdding(true)}>
          <Plus aria-hidden className="h-4 w-4" />
          Add a product
        </Control>
        <Control
          locked={locked}
          variant="ghost"
          className="text-red-700"
          onClick={() => setConfirmCancel(true)}
        >
          Cancel standing order
        </Control>
      </div>
      <EditQuantitiesDialog
        standing={s}
        open={editing}
        onOpenChange={setEditing}
        onSave={async (items) => {
          if (await send("items", { method: "PATCH", json: { items } }, "Quantities saved"))
            setEditing(false);
        }}
        saving={busy === "items"}
      />
      <AddProductDialog
        standing={s}
        open={adding}
        onOpenChange={setAdding}
        saving={busy === "add"}
        onAdd={async (line, name) => {
          const items = [
            ...s.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
            line,
          ];
          if (await send("add", { method: "PATCH", json: { items } }, `${name} added`))
            setAdding(false);
        }}
      />
      <Dialog open={confirmCancel} onOpenChange={setConfirmCancel}>
        <DialogContent>
          <DialogHeading
            title="Cancel this standing order?"
            description={
              <>Nothing more is placed at {s.farmName}. Orders already placed stay as they are.</>
            }
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirmCancel(false)}>
              Keep it
            </Button>
            <Button
              variant="destructive"
              disabled={busy !== null}
              onClick={() =>
                void send("cancel", { method: "DELETE" }, "Standing order cancelled").then(
                  (ok) => ok && setConfirmCancel(false),
                )
              }
            >
              {busy === "cancel" ? "Cancelling..." : "Cancel standing order"}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </article>
  );
}

/** A standing order's control: small, outlined unless said, and off while a change is in flight. */
function Control({
  locked,
  variant = "outline",
  ...props
}: Omit<ButtonProps, "size" | "disabled"> & { locked: boolean }) {
  return <Button size="sm" variant={variant} disabled={locked} {...props} />;
}

function EditQuantitiesDialog({
  standing: s,
  open,
  onOpenChange,
  onSave,
  saving,
}: {
  standing: StandingOrderJson;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (items: { productId: number; quantity: number }[]) => Promise<void>;
  saving: boolean;
}) {
  // Counted in cases (restaurants buy by the case); sent as units.
  const [cases, setCases] = useState<Record<number, string>>({});
  const valueOf = (i: StandingOrderJson["items"][number]) =>
    cases[i.productId] ?? String(i.quantity / i.caseSize);
  const items = s.items.map((i) => ({
    productId: i.productId,
    cases: Number(valueOf(i)),
    quantity: Number(valueOf(i)) * i.caseSize,
  }));
  const kept = items
    .filter((i) => i.quantity > 0)
    .map(({ productId, quantity }) => ({ productId, quantity }));
  const invalid = items.some(
    (i) => !Number.isInteger(i.cases) || i.quantity < 0 || i.quantity > MAX_QUANTITY,
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setCases({});
        onOpenChange(o);
      }}
    >
      <DialogContent>
        <DialogHeading
          title="Edit quantities"
          description="In cases, from the next week on. Set a product to 0 to remove it."
        />
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!invalid && kept.length) void onSave(kept);
          }}
        >
          {s.items.map((i) => (
            <label key={i.productId} className="flex items-center justify-between gap-3 text-sm">
              <span className="font-medium text-ink">
                {i.productName}{" "}
                <span className="text-muted">
                  ({i.caseSize > 1 ? `cases of ${formatUnits(i.caseSize, i.unit)}` : i.unit})
                </span>
              </span>
              <CasesInput
                min={0}
                max={Math.floor(MAX_QUANTITY / i.caseSize)}
                value={valueOf(i)}
                onChange={(e) => setCases((q) => ({ ...q, [i.productId]: e.target.value }))}
              />
            </label>
          ))}
          {invalid ? (
            <p role="alert" className="text-sm text-red-700">
              Enter whole cases, up to {MAX_QUANTITY} units of a product
            </p>
          ) : !kept.length ? (
            <p role="alert" className="text-sm text-red-700">
              Keep at least one product, or cancel the standing order instead
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="submit" disabled={saving || invalid || !kept.length}>
              {saving ? "Saving..." : "Save quantities"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * "Add a product": search the farm's products (at the restaurant price and case size), pick one not
 * already in the standing order and say how many cases. Saved as the standing order's items plus
 * the new line; its stock is held at once.
 */
function AddProductDialog({
  standing: s,
  open,
  onOpenChange,
  onAdd,
  saving,
}: {
  standing: StandingOrderJson;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (line: { productId: number; quantity: number }, name: string) => Promise<void>;
  saving: boolean;
}) {
  const { data, error, mutate } = useStandingProducts(open ? s.id : null);
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<number | null>(null);
  const [cases, setCases] = useState("1");
  const inOrder = new Set(s.items.map((i) => i.productId));
  const needle = query.trim().toLowerCase();
  const choices = (data ?? []).filter(
    (p) => !inOrder.has(p.id) && (!needle || p.name.toLowerCase().includes(needle)),
  );
  const product = (data ?? []).find((p) => p.id === picked && !inOrder.has(p.id)) ?? null;
  const count = Number(cases);
  const invalid =
    !Number.isInteger(count) ||
    count < 1 ||
    (product !== null && count * product.caseSize > MAX_QUANTITY);
  const reset = () => {
    setQuery("");
    setPicked(null);
    setCases("1");
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
    >
      <DialogContent>
        <DialogHeading
          title="Add a product"
          description={<>From {s.farmName}, at your restaurant price, from the next week on.</>}
        />
        <form
          className="grid min-w-0 gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (product && !invalid)
              void onAdd(
                { productId: product.id, quantity: count * product.caseSize },
                product.name,
              );
          }}
        >
          <label className="grid gap-1.5 text-sm font-medium text-ink">
            Search products
            <span className="relative">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-3.5 left-3 h-4 w-4 text-muted"
              />
              <input
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                className="h-11 w-full rounded-lg border border-gray-400 pr-3 pl-9 text-base"
              />
            </span>
          </label>
          {error && !data ? (
            <LoadError
              message={messageOf(error, "Failed to load the farm's products")}
              onRetry={() => void mutate()}
            />
          ) : !data ? (
            <LoadingStatus small>Loading products...</LoadingStatus>
          ) : choices.length === 0 ? (
            <p className="text-sm text-muted">
              {needle
                ? "No product matches your search."
                : "Every product of this farm is already in this standing order."}
            </p>
          ) : (
            <fieldset className="min-w-0">
              <legend className="sr-only">Product</legend>
              <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-xl border border-gray-200 p-1">
                {choices.map((p) => (
                  <li key={p.id}>
                    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm has-[:checked]:bg-brand-50">
                      <input
                        type="radio"
                        name={`add-${s.id}`}
                        checked={picked === p.id}
                        onChange={() => setPicked(p.id)}
                        className="h-4 w-4 shrink-0"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium text-ink">{p.name}</span>
                        <span className="block text-muted">
                          {p.caseSize > 1
                            ? `${formatCasePrice(p.price, p.unit, p.caseSize)} · ${formatLinePrice(p.price, p.unit)}`
                            : formatLinePrice(p.price, p.unit)}
                          {p.inStock ? "" : " · out of stock now"}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          <label className="flex items-center justify-between gap-3 text-sm font-medium text-ink">
            <span>
              Cases
              {product && product.caseSize > 1 ? (
                <span className="text-muted">
                  {" "}
                  (of {formatUnits(product.caseSize, product.unit)})
                </span>
              ) : null}
            </span>
            <CasesInput min={1} value={cases} onChange={(e) => setCases(e.target.value)} />
          </label>
          {invalid ? (
            <p role="alert" className="text-sm text-red-700">
              Enter a whole number of cases, at least 1
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="submit" disabled={saving || invalid || product === null}>
              {saving ? "Adding..." : "Add to standing order"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A whole number of cases: the numeric keypad, in steps of one. */
function CasesInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      type="number"
      inputMode="numeric"
      step={1}
      className="h-11 w-24 rounded-lg border border-gray-300 px-3 text-right tabular-nums"
      {...props}
    />
  );
}

/** Shown to anyone who is not a restaurant (the API answers them 403). */
export function NotARestaurant() {
  return (
    <AccessNotice
      id="not-restaurant-title"
      icon={Repeat}
      title="Standing orders are for business accounts"
      actions={
        <Button asChild>
          <Link href="/profile">Profile</Link>
        </Button>
      }
    >
      Restaurants have their usual order placed every week. Apply for a business account from your
      profile.
    </AccessNotice>
  );
}
