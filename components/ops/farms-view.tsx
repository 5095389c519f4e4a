"use client";
import { useState } from "react";
import { BadgeCheck } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { DialogHeading } from "@/components/ui/dialog-heading";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useOpsFarms } from "@/lib/client/resources";
import type { OpsFarmInviteJson, OpsFarmJson } from "@/lib/contracts/ops";
import { formatDateTime, possessive } from "@/lib/format";
import { FormDialog, formText } from "@/components/ui/form-dialog";
import { EmptyNote } from "@/components/ui/empty-note";
import { Loaded } from "./loaded";
import { FarmSwitchDialog } from "./farm-switch-dialog";
import { OpsSection } from "./ops-section";
import { SearchForm } from "./search-form";

/**
 * Ops → Farms: search, invite a farmer (their one-time sign-in link is emailed, and shown once
 * for another way), the verified tick, and pausing a farm's listings with a reason.
 */
export function FarmsView() {
  const [q, setQ] = useState("");
  const farms = useOpsFarms(q);
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<OpsFarmInviteJson | null>(null);
  const [pausing, setPausing] = useState<OpsFarmJson | null>(null);
  const [formError, setFormError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function invite(form: FormData) {
    setBusy(true);
    setFormError(undefined);
    setFieldErrors({});
    try {
      const answer = await apiFetch<OpsFarmInviteJson>("/api/ops/farms", {
        method: "POST",
        json: {
          email: String(form.get("email") ?? ""),
          farmName: String(form.get("farmName") ?? ""),
          location: String(form.get("location") ?? ""),
        },
      });
      setInviting(false);
      setInvited(answer);
      await farms.mutate();
    } catch (err) {
      const errors = (err as { errors?: Record<string, string> }).errors;
      if (errors) setFieldErrors(errors);
      setFormError(messageOf(err, "Could not invite the farmer. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  async function setVerified(f: OpsFarmJson) {
    try {
      await apiFetch(`/api/ops/farms/${f.id}/verified`, {
        method: "PUT",
        json: { verified: !f.verified },
      });
      toast({
        title: f.verified ? `${f.farmName} is no longer verified` : `${f.farmName} verified`,
      });
      await farms.mutate();
    } catch (err) {
      toast({ title: messageOf(err, "Could not save. Please try again."), variant: "destructive" });
    }
  }

  function openPause(f: OpsFarmJson) {
    setFormError(undefined);
    setPausing(f);
  }

  async function submitPause(f: OpsFarmJson, form: FormData) {
    const reason = formText(form, "reason");
    setBusy(true);
    setFormError(undefined);
    try {
      await apiFetch(`/api/ops/farms/${f.id}/listings-paused`, {
        method: "PUT",
        json: { paused: !f.listingsPaused, reason },
      });
      toast({
        title: f.listingsPaused
          ? `${possessive(f.farmName)} listings are back`
          : `${possessive(f.farmName)} listings are paused`,
      });
      setPausing(null);
      await farms.mutate();
    } catch (err) {
      setFormError(messageOf(err, "Could not save. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <OpsSection
      id="farms-title"
      title="Farms"
      className="grid gap-4"
      action={
        <Button
          onClick={() => {
            setFormError(undefined);
            setFieldErrors({});
            setInviting(true);
          }}
        >
          Invite a farmer
        </Button>
      }
    >
      <SearchForm id="farms-q" label="Farm, owner or email" onSearch={setQ} />
      <Loaded
        read={farms}
        failed="Could not load the farms"
        skeleton="h-40"
        empty={
          <EmptyNote>{q.trim() ? `No farm matches “${q.trim()}”.` : "No farm yet."}</EmptyNote>
        }
      >
        {(found) => (
          <ul aria-label="Farms" className="grid gap-2">
            {found.map((f) => (
              <FarmRow
                key={f.id}
                farm={f}
                onVerify={() => void setVerified(f)}
                onPause={() => openPause(f)}
              />
            ))}
          </ul>
        )}
      </Loaded>
      <FormDialog
        open={inviting}
        onClose={() => setInviting(false)}
        title="Invite a farmer"
        description={
          <>
            Creates the farmer&apos;s account and farm, and emails them a one-time sign-in link
            valid for 7 days. The farmer chooses a password after signing in.
          </>
        }
        onSubmit={invite}
        noValidate
        submit="Invite"
        busy={busy}
      >
        <Field id="invite-email" label="Email" error={fieldErrors.email}>
          <Input id="invite-email" name="email" type="email" required maxLength={254} />
        </Field>
        <Field id="invite-farm" label="Farm name" error={fieldErrors.farmName}>
          <Input id="invite-farm" name="farmName" required maxLength={100} />
        </Field>
        <Field
          id="invite-location"
          label="Location"
          hint="e.g. Kelowna, BC"
          error={fieldErrors.location}
        >
          <Input id="invite-location" name="location" required maxLength={200} />
        </Field>
        {formError && Object.keys(fieldErrors).length === 0 ? (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        ) : null}
      </FormDialog>
      <Dialog open={invited !== null} onOpenChange={(open) => !open && setInvited(null)}>
        <DialogContent>
          <DialogHeading
            title={<>{invited?.farm.farmName} is invited</>}
            description={
              <>
                We emailed a one-time sign-in link to {invited?.farm.owner.email}. It works until{" "}
                {invited ? formatDateTime(invited.expiresAt) : ""}. If the email does not arrive,
                send them this copy, to them only: it is shown once.
              </>
            }
          />
          <Field id="invite-link" label="Sign-in link">
            <Input id="invite-link" readOnly value={invited?.signInUrl ?? ""} />
          </Field>
          <Button
            onClick={() => {
              if (invited)
                void navigator.clipboard?.writeText(invited.signInUrl).then(
                  () => toast({ title: "Link copied" }),
                  () => toast({ title: "Could not copy: select the link instead" }),
                );
            }}
          >
            Copy link
          </Button>
        </DialogContent>
      </Dialog>
      <FarmSwitchDialog
        farm={pausing}
        on={pausing?.listingsPaused}
        verbs={["Pause", "Resume"]}
        noun="listings"
        description={
          pausing?.listingsPaused
            ? "Its products come back to home, search and its page."
            : "Its products leave home, search and its page, and checkout refuses them. Orders already placed stay."
        }
        id="pause-reason"
        minLength={3}
        error={formError}
        busy={busy}
        onClose={() => setPausing(null)}
        onSubmit={(form) => pausing && submitPause(pausing, form)}
      />
    </OpsSection>
  );
}

type FarmRowProps = { farm: OpsFarmJson; onVerify: () => void; onPause: () => void };

/** One farm: its badges, owner and size, and the verify and pause buttons. */
function FarmRow({ farm: f, onVerify, onPause }: FarmRowProps) {
  return (
    <li
      aria-label={f.farmName}
      className="grid gap-3 rounded-2xl border border-gray-200 p-4 text-sm md:grid-cols-[1fr_auto] md:items-center"
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink">{f.farmName}</span>
          {f.verified ? (
            <BadgeCheck
              role="img"
              aria-label="Verified"
              className="h-4 w-4 shrink-0 text-brand-700"
            />
          ) : null}
          {f.listingsPaused ? <Badge variant="destructive">Listings paused</Badge> : null}
          {f.payoutsHeld ? <Badge variant="warning">Payouts held</Badge> : null}
        </p>
        <p className="[overflow-wrap:anywhere] text-muted">
          {f.owner.fullName} · {f.owner.email} · {f.location}
        </p>
        <p className="text-muted">
          {f.productCount} {f.productCount === 1 ? "product" : "products"} · since{" "}
          {formatDateTime(f.createdAt)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onVerify}>
          {f.verified ? "Unverify" : "Mark verified"}
          <span className="sr-only"> {f.farmName}</span>
        </Button>
        <Button variant={f.listingsPaused ? "secondary" : "outline"} size="sm" onClick={onPause}>
          {f.listingsPaused ? "Resume listings" : "Pause listings"}
          <span className="sr-only"> of {f.farmName}</span>
        </Button>
      </div>
    </li>
  );
}
