"use client";
import Link from "next/link";
import { useId, useState } from "react";
import { Store } from "lucide-react";
import { AccessNotice } from "@/components/ui/access-notice";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { LoadError } from "@/components/ui/load-error";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch, hasCode, messageOf } from "@/lib/client/api";
import { useSeededSWR } from "@/lib/client/data";
import type { HubSupplierJson, MyHubJson } from "@/lib/contracts/hubs";
import { hubProfileSchema, MARGIN_MESSAGE, MAX_MARGIN } from "@/lib/validators/hubs";

const HUB = "/api/my-hub";
const SUPPLIERS = "/api/my-hub/suppliers";

/** My Hub (docs/hubs.md): an approved distributor's hub profile and its supplier farms. */
export function MyHub() {
  const { data, error, mutate } = useSeededSWR<MyHubJson | null>(HUB, undefined);
  if (error && hasCode(error, "forbidden"))
    return (
      <AccessNotice
        id="my-hub-title"
        icon={Store}
        title="My Hub"
        actions={
          <Button asChild variant="outline">
            <Link href="/profile">Business account</Link>
          </Button>
        }
      >
        This area is for distributor accounts. Apply for a business account from Profile; ops
        approve distributors.
      </AccessNotice>
    );
  if (error && data === undefined)
    return (
      <LoadError
        message={messageOf(error, "Failed to load your hub")}
        onRetry={() => void mutate()}
      />
    );
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-ink">My Hub</h1>
      {data === undefined ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : (
        <>
          <HubProfile hub={data} onSaved={(h) => void mutate(h, { revalidate: false })} />
          {data ? <Suppliers /> : null}
        </>
      )}
    </div>
  );
}

function HubProfile({ hub, onSaved }: { hub: MyHubJson | null; onSaved: (h: MyHubJson) => void }) {
  const [form, setForm] = useState({
    name: hub?.name ?? "",
    description: hub?.description ?? "",
    location: hub?.location ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  const save = async () => {
    const parsed = hubProfileSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onSaved(await apiFetch<MyHubJson>(HUB, { method: "PUT", json: parsed.data }));
      toast({ title: hub ? "Hub Saved" : "Hub Set Up", description: parsed.data.name });
    } catch (err) {
      toastFailure("Not Saved", err, "Your hub could not be saved");
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof typeof form) => ({
    id: `${id}-${name}`,
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {hub ? "Hub profile" : "Set up your hub"}
      </h2>
      <form
        noValidate
        className="grid max-w-xl gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field id={`${id}-name`} label="Hub name" error={errors.name}>
          <Input {...field("name")} autoComplete="organization" />
        </Field>
        <Field id={`${id}-location`} label="Location" error={errors.location}>
          <Input {...field("location")} autoComplete="street-address" />
        </Field>
        <Field id={`${id}-description`} label="Description" error={errors.description}>
          <Textarea {...field("description")} rows={3} />
        </Field>
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? "Saving..." : hub ? "Save hub" : "Set up hub"}
        </Button>
      </form>
    </section>
  );
}

const STATUS: Record<HubSupplierJson["status"], string> = {
  invited: "Invited",
  active: "Supplying",
  declined: "Declined",
  ended: "Ended",
};

function Suppliers() {
  const { data, error, mutate } = useSeededSWR<HubSupplierJson[]>(SUPPLIERS, null);
  const [farmId, setFarmId] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();
  const replace = (next: HubSupplierJson) =>
    mutate((list) => [next, ...(list ?? []).filter((s) => s.farm.id !== next.farm.id)], {
      revalidate: false,
    });
  const invite = async () => {
    const n = Number(farmId.trim());
    if (!Number.isInteger(n) || n <= 0) {
      toast({ title: "Not Sent", description: "Enter the farm's number", variant: "destructive" });
      return;
    }
    setBusy(true);
    try {
      const s = await apiFetch<HubSupplierJson>(SUPPLIERS, { method: "POST", json: { farmId: n } });
      await replace(s);
      setFarmId("");
      toast({ title: "Farm Invited", description: `${s.farm.farmName} can accept from My Farm` });
    } catch (err) {
      toastFailure("Not Sent", err, "The invitation could not be sent");
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        Suppliers
      </h2>
      <form
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void invite();
        }}
      >
        <Field id={`${id}-farm`} label="Farm number">
          <Input
            id={`${id}-farm`}
            inputMode="numeric"
            value={farmId}
            onChange={(e) => setFarmId(e.target.value)}
          />
        </Field>
        <Button type="submit" disabled={busy}>
          Invite farm
        </Button>
      </form>
      {error && !data ? (
        <LoadError
          message={messageOf(error, "Failed to load your suppliers")}
          onRetry={() => void mutate()}
        />
      ) : (data ?? []).length === 0 ? (
        <p className="text-sm text-muted">No suppliers yet: invite a farm by its number.</p>
      ) : (
        <ul className="grid gap-3">
          {(data ?? []).map((s) => (
            <li key={s.farm.id} className="grid gap-2 rounded-2xl border border-gray-200 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-ink">{s.farm.farmName}</h3>
                <Badge variant={s.status === "active" ? "default" : "secondary"}>
                  {STATUS[s.status]}
                </Badge>
              </div>
              <p className="text-sm text-muted">
                {s.wholesaleDiscount === null
                  ? "No wholesale terms yet"
                  : `Sells to you at ${s.wholesaleDiscount}% off its prices`}
              </p>
              <MarginForm supplier={s} onSaved={(next) => void replace(next)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MarginForm({
  supplier: s,
  onSaved,
}: {
  supplier: HubSupplierJson;
  onSaved: (s: HubSupplierJson) => void;
}) {
  const [margin, setMargin] = useState(String(s.margin));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const save = async () => {
    const n = Number(margin.trim());
    if (margin.trim() === "" || !Number.isFinite(n) || n < 0 || n > MAX_MARGIN) {
      setFieldError(MARGIN_MESSAGE);
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      onSaved(
        await apiFetch<HubSupplierJson>(`${SUPPLIERS}/${s.farm.id}`, {
          method: "PUT",
          json: { margin: n },
        }),
      );
      toast({ title: "Margin Saved", description: `${n}% over ${s.farm.farmName}'s wholesale` });
    } catch (err) {
      toastFailure("Not Saved", err, "The margin could not be saved");
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Field id={id} label="Your margin (%)" error={fieldError}>
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={margin}
          onChange={(e) => setMargin(e.target.value)}
        />
      </Field>
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        Save margin<span className="sr-only"> for {s.farm.farmName}</span>
      </Button>
    </form>
  );
}
