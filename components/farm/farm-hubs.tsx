"use client";
import { useId, useState } from "react";
import { Store } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { DialogHeading } from "@/components/ui/dialog-heading";
import { useBusyDialog } from "@/components/ui/use-busy-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PanelSection } from "@/components/ui/panel-section";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { CardList, SummaryCard } from "@/components/account/card-list";
import { apiFetch, messageOf } from "@/lib/client/api";
import { useSeededSWR } from "@/lib/client/data";
import { formatDate } from "@/lib/format";
import type { FarmHubLinkJson } from "@/lib/contracts/hubs";
import { discountFormSchema } from "@/lib/validators/hubs";

const KEY = "/api/my-farm/hubs";

const STATUS: Record<FarmHubLinkJson["status"], string> = {
  invited: "Invited",
  active: "Supplying",
  declined: "Declined",
  ended: "Ended",
};

/** My Farm → Hubs (docs/hubs.md): hubs that invited the farm, and the links it accepted. */
export function FarmHubs() {
  const { data, error, mutate } = useSeededSWR<FarmHubLinkJson[]>(KEY, null);
  const replace = (next: FarmHubLinkJson) =>
    mutate((list) => (list ?? []).map((l) => (l.hub.id === next.hub.id ? next : l)), {
      revalidate: false,
    });

  if (error && !data)
    return (
      <LoadError
        message={messageOf(error, "Failed to load your hubs")}
        onRetry={() => void mutate()}
      />
    );
  const list = data ?? [];
  return (
    <PanelSection
      id="hubs-title"
      title="Hubs"
      className="grid gap-4"
      intro={
        <p className="text-sm text-muted">
          Food hubs sell your produce with other farms&apos;. You sell to a hub at a discount off
          your own prices, and may end a link at any time: orders already placed stay as they are.
        </p>
      }
    >
      {data === undefined ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : list.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-3xl border border-gray-200 p-8 text-center">
          <Store aria-hidden className="h-10 w-10 text-brand-700" />
          <p className="font-semibold text-ink">No hub invitations yet</p>
          <p className="text-sm text-muted">When a hub invites your farm, it appears here.</p>
        </div>
      ) : (
        <CardList items={list.map((l) => ({ ...l, id: l.hub.id }))}>
          {(l) => <HubCard link={l} onChanged={replace} />}
        </CardList>
      )}
    </PanelSection>
  );
}

function HubCard({
  link: l,
  onChanged,
}: {
  link: FarmHubLinkJson;
  onChanged: (l: FarmHubLinkJson) => void;
}) {
  const [busy, setBusy] = useState(false);
  const answer = async (status: "declined" | "ended") => {
    setBusy(true);
    try {
      onChanged(
        await apiFetch<FarmHubLinkJson>(`${KEY}/${l.hub.id}`, { method: "PUT", json: { status } }),
      );
      toast({
        title: status === "declined" ? "Invitation Declined" : "Link Ended",
        description:
          status === "declined"
            ? `${l.hub.name} was told no`
            : `${l.hub.name} takes no new orders of your produce`,
      });
    } catch (err) {
      toastFailure("Not Saved", err, "Your answer could not be saved");
    } finally {
      setBusy(false);
    }
  };
  return (
    <SummaryCard
      id={`hub-${l.hub.id}`}
      testId="farm-hub"
      heading="h3"
      title={l.hub.name}
      meta={
        <>
          {l.hub.location} · invited {formatDate(l.invitedAt)}
          {l.wholesaleDiscount !== null ? ` · ${l.wholesaleDiscount}% off your prices` : ""}
        </>
      }
      badge={
        <Badge variant={l.status === "active" ? "default" : "secondary"}>{STATUS[l.status]}</Badge>
      }
    >
      {l.status === "invited" || l.status === "active" ? (
        <div className="flex flex-wrap gap-2">
          <AcceptDialog link={l} onChanged={onChanged} />
          {l.status === "invited" ? (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => void answer("declined")}
            >
              Decline<span className="sr-only"> {l.hub.name}</span>
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => void answer("ended")}
            >
              End<span className="sr-only"> the link with {l.hub.name}</span>
            </Button>
          )}
        </div>
      ) : null}
    </SummaryCard>
  );
}

/** Accept an invitation, or change the discount of a live link: the discount is asked first. */
function AcceptDialog({
  link: l,
  onChanged,
}: {
  link: FarmHubLinkJson;
  onChanged: (l: FarmHubLinkJson) => void;
}) {
  const initial = l.wholesaleDiscount === null ? "" : String(l.wholesaleDiscount);
  const [discount, setDiscount] = useState(initial);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const dialog = useBusyDialog({
    onOpen: () => setDiscount(initial),
    onClose: () => setFieldError(undefined),
  });
  const id = useId();
  const accepting = l.status === "invited";

  const save = () =>
    dialog.run(async () => {
      const parsed = discountFormSchema.safeParse({ wholesaleDiscount: discount });
      if (!parsed.success) {
        setFieldError(parsed.error.issues[0]?.message);
        return;
      }
      setFieldError(undefined);
      try {
        onChanged(
          await apiFetch<FarmHubLinkJson>(`${KEY}/${l.hub.id}`, {
            method: "PUT",
            json: { status: "active", ...parsed.data },
          }),
        );
        toast({
          title: accepting ? "Invitation Accepted" : "Discount Saved",
          description: `${l.hub.name} buys at ${parsed.data.wholesaleDiscount}% off your prices`,
        });
        dialog.close();
      } catch (err) {
        toastFailure("Not Saved", err, "Your answer could not be saved");
      }
    });

  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant={accepting ? "primary" : "outline"} data-testid="hub-accept">
          {accepting ? "Accept" : "Change discount"}
          <span className="sr-only"> {l.hub.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          title={accepting ? <>Supply {l.hub.name}</> : <>Discount for {l.hub.name}</>}
          description={
            <>
              The hub buys your produce at this percent off your own prices, and adds its margin for
              its buyers. A new discount applies to orders not yet placed.
            </>
          }
        />
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Field id={id} label="Wholesale discount (%)" error={fieldError}>
            <Input
              id={id}
              name="wholesaleDiscount"
              inputMode="decimal"
              autoComplete="off"
              value={discount}
              onChange={(e) => setDiscount(e.target.value)}
              data-testid="hub-discount"
            />
          </Field>
          <Button type="submit" disabled={dialog.busy} data-testid="hub-accept-save">
            {dialog.busy ? "Saving..." : accepting ? "Accept invitation" : "Save discount"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
