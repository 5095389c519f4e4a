"use client";
import { useState } from "react";
import Link from "next/link";
import { useSWRConfig } from "swr";
import { ChevronLeft, Loader2, MapPin, Pencil, Plus, Star, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import type { AddressJson } from "@/lib/contracts/fulfilment";
import { AddressDialog } from "./address-dialog";
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

  const makeDefault = async (a: AddressJson) => {
    setBusy(a.id);
    try {
      await apiFetch(`/api/addresses/${a.id}`, { method: "PATCH", json: { isDefault: true } });
      await mutate(ADDRESSES_KEY);
      toast({
        title: "Default address changed",
        description: `${a.label} is now your default address`,
      });
    } catch (e) {
      toastFailure("Could not change the default", e, "Please try again");
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!removing) return;
    const a = removing;
    setBusy(a.id);
    try {
      await apiFetch(`/api/addresses/${a.id}`, { method: "DELETE" });
      await mutate(ADDRESSES_KEY);
      toast({
        title: "Address removed",
        description: `${a.label} was removed from your address book`,
      });
      setRemoving(null);
    } catch (e) {
      toastFailure("Could not remove the address", e, "Please try again");
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-xl gap-6">
      <div className="grid gap-2">
        <Link
          href="/profile"
          className="inline-flex min-h-11 items-center gap-1 justify-self-start text-sm font-semibold text-brand-800 hover:underline"
        >
          <ChevronLeft aria-hidden className="h-4 w-4" /> Profile
        </Link>
        <h1 className="text-2xl font-bold text-ink">Address</h1>
        <p className="text-sm text-muted">
          Where farms deliver your orders. Your default address is chosen first at checkout.
        </p>
      </div>
      {error && !data ? (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-700"
        >
          {messageOf(error, "Failed to fetch your addresses")}
        </p>
      ) : !data ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> Loading addresses...
        </p>
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
            <li
              key={a.id}
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
                <Button variant="outline" onClick={() => open(a)} aria-label={`Edit ${a.label}`}>
                  <Pencil aria-hidden className="h-4 w-4" /> Edit
                </Button>
                {a.isDefault ? null : (
                  <Button
                    variant="outline"
                    onClick={() => makeDefault(a)}
                    disabled={busy === a.id}
                    aria-label={`Make default: ${a.label}`}
                  >
                    <Star aria-hidden className="h-4 w-4" /> Make default
                  </Button>
                )}
                <Button
                  variant="outline"
                  className="text-red-700"
                  onClick={() => setRemoving(a)}
                  aria-label={`Remove ${a.label}`}
                >
                  <Trash2 aria-hidden className="h-4 w-4" /> Remove
                </Button>
              </div>
            </li>
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
    </div>
  );
}
