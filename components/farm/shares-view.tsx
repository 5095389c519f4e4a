"use client";
import { useId, useState } from "react";
import { useSWRConfig } from "swr";
import { Package } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { DialogHeading } from "@/components/ui/dialog-heading";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { LoadStates } from "@/components/ui/load-states";
import { PanelSection } from "@/components/ui/panel-section";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { EmptyCard } from "@/components/account/card-list";
import { apiFetch, messageOf } from "@/lib/client/api";
import {
  apiKey,
  useFarmFulfilment,
  useFarmSharePlan,
  useFarmSharePlans,
} from "@/lib/client/resources";
import { formatCurrency, formatSlotDay } from "@/lib/format";
import { centsToDecimal, dollarsToCents } from "@/lib/money";
import type { SharePlanDetailJson, SharePlanJson } from "@/lib/contracts/shares";

const STATUS = { active: "Active", paused: "Paused", cancelled: "Cancelled" } as const;

/** My Farm → Shares: the farm's plans, a new plan, and the chosen plan's week. */
export function FarmSharesView() {
  const plans = useFarmSharePlans();
  const { mutate } = useSWRConfig();
  const [chosen, setChosen] = useState<number | null>(null);
  const open = chosen ?? plans.data?.[0]?.id ?? null;
  return (
    <div className="grid grid-cols-1 gap-8">
      <PanelSection
        id="share-plans"
        title="Farm shares"
        intro="Boxes members get every week or two through your season, placed as orders at each cutoff."
        className="grid gap-4"
      >
        <LoadStates
          read={plans}
          failed="Failed to load your farm shares"
          loading="Loading farm shares..."
          empty={
            <EmptyCard icon={Package} title="No farm shares yet">
              Offer a share below: members join from your farm page and each box becomes an order on
              your pack list.
            </EmptyCard>
          }
        >
          {(list) => (
            <ul className="grid gap-3 md:grid-cols-2" data-testid="share-plans">
              {list.map((p) => (
                <li key={p.id}>
                  <PlanSummary
                    plan={p}
                    current={p.id === open}
                    onOpen={() => setChosen(p.id)}
                    onSaved={() => {
                      void plans.mutate();
                      void mutate(apiKey("/api/my-farm/shares/{planId}", { planId: p.id }));
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </LoadStates>
      </PanelSection>
      {open !== null ? <PlanWeek planId={open} /> : null}
      <NewPlan onCreated={(p) => void plans.mutate().then(() => setChosen(p.id))} />
    </div>
  );
}

function PlanSummary({
  plan,
  current,
  onOpen,
  onSaved,
}: {
  plan: SharePlanJson;
  current: boolean;
  onOpen: () => void;
  onSaved: () => void;
}) {
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className="grid gap-2 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h3 id={`plan-${plan.id}`} className="font-semibold text-ink">
        {plan.name}
      </h3>
      <p className="text-sm text-muted">
        {formatCurrency(plan.boxPrice)} a box · {plan.members} of {plan.capacity} members ·{" "}
        {plan.fulfilment.place}
      </p>
      <p className="text-sm text-ink">
        {plan.nextBox
          ? `Next box ${formatSlotDay(`${plan.nextBox.date}T00:00`)}: ${plan.nextBox.published ? "published" : "not published yet"}`
          : "The season is over"}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant={current ? "secondary" : "outline"} onClick={onOpen} aria-pressed={current}>
          {current ? "Shown below" : "Open this week"}
        </Button>
        <EditPlan plan={plan} onSaved={onSaved} />
      </div>
    </article>
  );
}

type Line = { productId: number; quantity: number };

/** The plan's next box (editor, publish), the swap tally and the members. */
function PlanWeek({ planId }: { planId: number }) {
  const detail = useFarmSharePlan(planId);
  return (
    <LoadStates read={detail} failed="Failed to load this share" loading="Loading the share...">
      {(d) => (
        <PlanWeekView
          key={`${planId}-${d.box?.date}`}
          detail={d}
          onSaved={(next) => void detail.mutate(next, { revalidate: false })}
        />
      )}
    </LoadStates>
  );
}

function PlanWeekView({
  detail,
  onSaved,
}: {
  detail: SharePlanDetailJson;
  onSaved: (d: SharePlanDetailJson) => void;
}) {
  const next = detail.plan.nextBox;
  const [items, setItems] = useState<Map<number, number>>(
    () => new Map((detail.box?.items ?? []).map((i) => [i.productId, i.quantity])),
  );
  const [options, setOptions] = useState<Map<number, number>>(
    () => new Map((detail.box?.swapOptions ?? []).map((i) => [i.productId, i.quantity])),
  );
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (!next) return null;
  const buildFromStock = () => {
    // The products with the most free units, one or two each, as a first draft to adjust.
    const ranked = [...detail.stock].sort((a, b) => b.free - a.free);
    setItems(new Map(ranked.slice(0, 4).map((p) => [p.productId, p.free >= 20 ? 2 : 1])));
    setOptions(new Map(ranked.slice(4, 6).map((p) => [p.productId, 1])));
  };
  const publish = async () => {
    setBusy(true);
    try {
      const toLines = (m: Map<number, number>): Line[] =>
        [...m].filter(([, q]) => q > 0).map(([productId, quantity]) => ({ productId, quantity }));
      const saved = await apiFetch<SharePlanDetailJson>(
        `/api/my-farm/shares/${detail.plan.id}/boxes/${next.date}`,
        { method: "PUT", json: { items: toLines(items), swapOptions: toLines(options) } },
      );
      onSaved(saved);
      toast({ title: "Box published", description: "Members are emailed what is in it." });
    } catch (error) {
      toastFailure("Could not publish the box", error);
    } finally {
      setBusy(false);
    }
  };
  const setIn = (which: "items" | "options", productId: number, quantity: number) => {
    const [get, set] = which === "items" ? [items, setItems] : [options, setOptions];
    const copy = new Map(get);
    if (quantity > 0) copy.set(productId, quantity);
    else copy.delete(productId);
    set(copy);
  };
  return (
    <PanelSection
      id="share-week"
      title={`${detail.plan.name}: ${formatSlotDay(`${next.date}T00:00`)}`}
      intro={
        <>
          Members swap, skip or pause until <DateTime value={next.cutoff} format="dateTime" />; then
          each box is placed as an order.
        </>
      }
      className="grid gap-6"
    >
      <section aria-labelledby={`${id}-box`} className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${id}-box`} className="font-semibold text-ink">
            The box {next.published ? <Badge variant="secondary">Published</Badge> : null}
          </h3>
          <Button variant="outline" onClick={buildFromStock}>
            Build from what is in stock
          </Button>
        </div>
        {detail.stock.length === 0 ? (
          <p className="text-sm text-muted">No product has free stock: add stock in Products.</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-muted">
                <th scope="col">Product</th>
                <th scope="col">Free</th>
                <th scope="col">In the box</th>
                <th scope="col">As a swap</th>
              </tr>
            </thead>
            <tbody>
              {detail.stock.map((p) => (
                <tr key={p.productId} className="border-t border-gray-100">
                  <th scope="row" className="py-2 text-left font-normal">
                    {p.name} ({formatCurrency(p.price)}/{p.unit})
                  </th>
                  <td className="tabular-nums">{p.free}</td>
                  {(["items", "options"] as const).map((which) => (
                    <td key={which}>
                      <Input
                        type="number"
                        min={0}
                        max={1000}
                        inputMode="numeric"
                        className="w-20"
                        aria-label={`${p.name} ${which === "items" ? "in the box" : "as a swap option"}`}
                        value={(which === "items" ? items : options).get(p.productId) ?? 0}
                        onChange={(e) => setIn(which, p.productId, Number(e.target.value) || 0)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Button onClick={publish} disabled={busy || items.size === 0}>
          {busy ? "Publishing..." : next.published ? "Publish changes" : "Publish the box"}
        </Button>
      </section>
      <section aria-labelledby={`${id}-tally`} className="grid gap-2">
        <h3 id={`${id}-tally`} className="font-semibold text-ink">
          To pack
        </h3>
        {detail.tally.length ? (
          <ul className="grid gap-1 text-sm">
            {detail.tally.map((t) => (
              <li key={t.productId} className="flex justify-between">
                <span>{t.name}</span>
                <span className="tabular-nums">
                  {t.quantity} {t.unit}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">
            {next.published
              ? "No member receives this box yet: what to pack appears here as members join."
              : "Once the box is published, what to pack for every member appears here, swaps counted."}
          </p>
        )}
      </section>
      <section aria-labelledby={`${id}-members`} className="grid gap-2">
        <h3 id={`${id}-members`} className="font-semibold text-ink">
          Members ({detail.members.length})
        </h3>
        {detail.members.length ? (
          <ul className="grid gap-1 text-sm">
            {detail.members.map((m) => (
              <li key={m.id} className="flex flex-wrap justify-between gap-2">
                <span>
                  {m.buyer.fullName}
                  {m.swaps.length
                    ? ` · swaps ${m.swaps.map((s) => `${s.out} → ${s.in}`).join(", ")}`
                    : ""}
                </span>
                <span className="text-muted">
                  {m.skipping ? "Skipping this box" : STATUS[m.status]}
                  {m.payment === "season" ? " · prepaid" : ""}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">
            No members yet: your farm page shows this share with a Join button.
          </p>
        )}
      </section>
    </PanelSection>
  );
}

/** A new plan, offered below the farm's plans. */
function NewPlan({ onCreated }: { onCreated: (p: SharePlanJson) => void }) {
  return (
    <PanelSection
      id="new-share"
      title="Offer a farm share"
      intro="Boxes come on the weekday of the first box, at a pickup point or delivered to your zones."
      className="grid gap-4"
    >
      <PlanForm submitLabel="Offer this share" busyLabel="Creating..." onSaved={onCreated} />
    </PanelSection>
  );
}

/** A plan's terms, editable in a dialog from its card; capacity never below its members. */
function EditPlan({ plan, onSaved }: { plan: SharePlanJson; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost">
          Edit<span className="sr-only"> {plan.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          title={`Edit ${plan.name}`}
          description="Members see the new terms at once; boxes already placed keep theirs."
        />
        <PlanForm
          plan={plan}
          submitLabel="Save changes"
          busyLabel="Saving..."
          onSaved={() => {
            setOpen(false);
            onSaved();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The plan's fields, for a new plan (POST) or an existing one (PATCH). */
function PlanForm({
  plan,
  submitLabel,
  busyLabel,
  onSaved,
}: {
  plan?: SharePlanJson;
  submitLabel: string;
  busyLabel: string;
  onSaved: (p: SharePlanJson) => void;
}) {
  const id = useId();
  const settings = useFarmFulfilment();
  const points = settings.data?.pickupPoints ?? [];
  const zones = settings.data?.deliveryZones ?? [];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (form: HTMLFormElement) => {
    const f = new FormData(form);
    const text = (k: string) => String(f.get(k) ?? "");
    const place = text("place");
    setBusy(true);
    setErrors({});
    try {
      const json = {
        name: text("name"),
        description: text("description"),
        boxPrice: Number(text("boxPrice")),
        everyWeeks: text("everyWeeks") === "2" ? 2 : 1,
        seasonStart: text("seasonStart"),
        seasonEnd: text("seasonEnd"),
        capacity: Number(text("capacity")),
        skipsPerSeason: Number(text("skipsPerSeason")),
        fulfilment:
          place === "delivery"
            ? { kind: "delivery", zoneIds: zones.map((z) => z.id) }
            : { kind: "pickup", pickupPointId: Number(place) || undefined },
        payment: (["weekly", "season"] as const).filter((k) => f.get(`pay-${k}`) === "on"),
      };
      const saved = await apiFetch<SharePlanJson>(
        plan ? `/api/my-farm/shares/${plan.id}` : "/api/my-farm/shares",
        { method: plan ? "PATCH" : "POST", json },
      );
      if (!plan) form.reset();
      toast(
        plan
          ? { title: `${saved.name} saved` }
          : {
              title: `${saved.name} is open`,
              description: "Members can join from your farm page.",
            },
      );
      onSaved(saved);
    } catch (error) {
      const fields = (error as { errors?: Record<string, string> }).errors;
      setErrors(fields ?? { form: messageOf(error, "Please try again.") });
      toastFailure(plan ? "Could not save the share" : "Could not create the share", error);
    } finally {
      setBusy(false);
    }
  };
  const field = (
    name: string,
    label: string,
    input: React.ReactElement<Record<string, unknown>>,
  ) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]}>
      {input}
    </Field>
  );
  const placeError =
    errors["fulfilment.pickupPointId"] ?? errors["fulfilment.zoneIds"] ?? errors["fulfilment"];
  const defaultPlace =
    plan?.fulfilment.kind === "delivery"
      ? "delivery"
      : String(plan?.fulfilment.pickupPointId ?? points[0]?.id ?? "");
  return (
    <form
      className="grid gap-3 md:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      {field(
        "name",
        "Name",
        <Input id={`${id}-name`} name="name" required maxLength={80} defaultValue={plan?.name} />,
      )}
      {field(
        "boxPrice",
        "Box price ($)",
        <Input
          id={`${id}-boxPrice`}
          name="boxPrice"
          inputMode="decimal"
          required
          defaultValue={plan ? centsToDecimal(dollarsToCents(plan.boxPrice)) : undefined}
        />,
      )}
      {field(
        "seasonStart",
        "First box",
        <Input
          id={`${id}-seasonStart`}
          name="seasonStart"
          type="date"
          required
          defaultValue={plan?.seasonStart}
        />,
      )}
      {field(
        "seasonEnd",
        "Season ends",
        <Input
          id={`${id}-seasonEnd`}
          name="seasonEnd"
          type="date"
          required
          defaultValue={plan?.seasonEnd}
        />,
      )}
      {field(
        "capacity",
        "Members at most",
        <Input
          id={`${id}-capacity`}
          name="capacity"
          inputMode="numeric"
          required
          defaultValue={String(plan?.capacity ?? 20)}
        />,
      )}
      {field(
        "skipsPerSeason",
        "Skips per season",
        <Input
          id={`${id}-skipsPerSeason`}
          name="skipsPerSeason"
          inputMode="numeric"
          required
          defaultValue={String(plan?.skipsPerSeason ?? 2)}
        />,
      )}
      {field(
        "everyWeeks",
        "A box every",
        <select
          id={`${id}-everyWeeks`}
          name="everyWeeks"
          defaultValue={String(plan?.everyWeeks ?? 1)}
          className="h-11 rounded-lg border border-gray-300 px-3"
        >
          <option value="1">week</option>
          <option value="2">second week</option>
        </select>,
      )}
      {field(
        "place",
        "Handed over",
        // Keyed on the settings so the default follows them once they load.
        <select
          key={`${points.length}-${zones.length}`}
          id={`${id}-place`}
          name="place"
          defaultValue={defaultPlace}
          className="h-11 rounded-lg border border-gray-300 px-3"
        >
          {points.map((p) => (
            <option key={p.id} value={p.id}>
              Pickup at {p.name}
            </option>
          ))}
          {zones.length ? <option value="delivery">Delivered to your delivery zones</option> : null}
          {points.length || zones.length ? null : (
            <option value="">Add a pickup point first</option>
          )}
        </select>,
      )}
      {field(
        "description",
        "What is in it",
        <Input
          id={`${id}-description`}
          name="description"
          maxLength={1000}
          defaultValue={plan?.description}
        />,
      )}
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-ink">Members pay</legend>
        {(
          [
            ["weekly", "Each box, from their wallet"],
            ["season", "The season up front (in 1, 2 or 4 parts)"],
          ] as const
        ).map(([k, label]) => (
          <label key={k} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              name={`pay-${k}`}
              defaultChecked={plan ? plan.payment.includes(k) : true}
              className="h-5 w-5 accent-brand-700"
            />
            {label}
          </label>
        ))}
        {errors.payment ? (
          <p className="text-sm text-red-700" role="alert">
            {errors.payment}
          </p>
        ) : null}
      </fieldset>
      {errors.form || placeError ? (
        <p role="alert" className="text-sm text-red-700 md:col-span-2">
          {errors.form ?? placeError}
        </p>
      ) : null}
      <Button type="submit" disabled={busy} className="md:col-span-2">
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
