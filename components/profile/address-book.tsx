"use client";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { MapPin, Pencil, Plus, Star, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadingStatus } from "@/components/ui/loading-status";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import type { AddressJson } from "@/lib/contracts/fulfilment";
import { AddressDialog } from "./address-dialog";
import { ProfileSubpage } from "./profile-subpage";
import { ADDRESSES_KEY, useAddresses } from "@/lib/client/resources";

/** Profile → Address: the buyer's delivery addresses (the default first), added, edited, removed, made default. */
export function AddressBook() {
  const { mutate } = useSWRConfig();
  const { data, error } = useAddresses();
  const [editing, setEditing] = useState<AddressJson | undefined>(undefined);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [removing, setRemoving] = useState<AddressJson | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const open = (address?: AddressJson) => {
    setEditing(address);
    setDialogOpen(true);
  };

  /**
   * One address's request: marks it busy, sends `init`, refreshes the book and toasts `done`, or
   * toasts `failed` with the server's reason. True when it went through.
   */
  const send = async (
    a: AddressJson,
    init: { method: "PATCH" | "DELETE"; json?: unknown },
    done: { title: string; description: string },
    failed: string,
  ) => {
    setBusy(a.id);
    try {
      await apiFetch(`/api/addresses/${a.id}`, init);
      await mutate(ADDRESSES_KEY);
      toast(done);
      return true;
    } catch (e) {
      toastFailure(failed, e, "Please try again");
      return false;
    } finally {
      setBusy(null);
    }
  };

  const makeDefault = (a: AddressJson) =>
    send(
      a,
      { method: "PATCH", json: { isDefault: true } },
      { title: "Default address changed", description: `${a.label} is now your default address` },
      "Could not change the default",
    );

  const remove = async () => {
    if (!removing) return;
    const removed = await send(
      removing,
      { method: "DELETE" },
      {
        title: "Address removed",
        description: `${removing.label} was removed from your address book`,
      },
      "Could not remove the address",
    );
    if (removed) setRemoving(null);
  };

  return (
    <ProfileSubpage
      title="Address"
      description="Where farms deliver your orders. Your default address is chosen first at checkout."
    >
      {error && !data ? (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-700"
        >
          {messageOf(error, "Failed to fetch your addresses")}
        </p>
      ) : !data ? (
        <LoadingStatus small>Loading addresses...</LoadingStatus>
      ) : data.length === 0 ? (
        <div
          className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-gray-300 p-8 text-center"
          data-testid="addresses-empty"
        >
          <MapPin aria-hidden className="h-10 w-10 text-brand-700" />
          <p className="font-semibold text-ink">No addresses yet</p>
          <p className="text-sm text-muted">Add one to have farms deliver to you.</p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="Your addresses">
          {data.map((a) => (
            <AddressCard
              key={a.id}
              address={a}
              busy={busy === a.id}
              onEdit={() => open(a)}
              onMakeDefault={() => makeDefault(a)}
              onRemove={() => setRemoving(a)}
            />
          ))}
        </ul>
      )}
      <Button
        size="lg"
        onClick={() => open()}
        className="w-full sm:w-auto sm:justify-self-start"
        data-testid="address-add"
      >
        <Plus aria-hidden className="h-4 w-4" /> Add an address
      </Button>
      <AddressDialog open={dialogOpen} onOpenChange={setDialogOpen} address={editing} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && busy === null && setRemoving(null)}
        title="Remove this address?"
        description={
          <>
            {removing
              ? `${removing.label}, ${removing.line1}, ${removing.city} ${removing.postalCode}`
              : ""}{" "}
            will be removed. Orders already placed keep their address.
          </>
        }
        keepLabel="Keep address"
        confirmLabel="Yes, remove"
        busyLabel="Removing..."
        busy={busy !== null}
        onConfirm={remove}
        confirmTestId="address-remove-confirm"
      />
    </ProfileSubpage>
  );
}

/** One saved address with its Edit, Make default (unless it is the default) and Remove buttons. */
function AddressCard({
  address: a,
  busy,
  onEdit,
  onMakeDefault,
  onRemove,
}: {
  address: AddressJson;
  busy: boolean;
  onEdit: () => void;
  onMakeDefault: () => void;
  onRemove: () => void;
}) {
  return (
    <li
      className="grid gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
      data-testid="address"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold text-ink">{a.label}</h2>
          <p className="text-sm text-ink">{a.line1}</p>
          <p className="text-sm text-ink">
            {a.city} {a.postalCode}
          </p>
          {a.notes ? <p className="text-sm text-muted">{a.notes}</p> : null}
        </div>
        {a.isDefault ? <Badge>Default</Badge> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onEdit} aria-label={`Edit ${a.label}`}>
          <Pencil aria-hidden className="h-4 w-4" /> Edit
        </Button>
        {a.isDefault ? null : (
          <Button
            variant="outline"
            onClick={onMakeDefault}
            disabled={busy}
            aria-label={`Make default: ${a.label}`}
          >
            <Star aria-hidden className="h-4 w-4" /> Make default
          </Button>
        )}
        <Button
          variant="outline"
          className="text-red-700"
          onClick={onRemove}
          aria-label={`Remove ${a.label}`}
        >
          <Trash2 aria-hidden className="h-4 w-4" /> Remove
        </Button>
      </div>
    </li>
  );
}
