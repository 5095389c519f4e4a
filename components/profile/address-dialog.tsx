"use client";
import { useState, type InputHTMLAttributes } from "react";
import type { z } from "zod";
import { useSWRConfig } from "swr";
import { useZodForm } from "@/components/ui/use-zod-form";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { FormInput } from "@/components/ui/form-input";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { showServerFieldErrors } from "@/lib/client/form-errors";
import type { AddressJson } from "@/lib/contracts/fulfilment";
import { addressSchema } from "@/lib/validators/fulfilment";
import { ADDRESSES_KEY } from "@/lib/client/resources";

type FormIn = z.input<typeof addressSchema>;

const blank: FormIn = {
  label: "",
  line1: "",
  city: "",
  postalCode: "",
  notes: "",
  isDefault: false,
};

type AddressField = { label: string; hint?: string; idSuffix?: string } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "autoComplete" | "autoCapitalize" | "className"
>;

type TextFieldName = Exclude<keyof FormIn, "isDefault">;

/** The address's text inputs; the checkbox for the default address follows them. */
const FIELDS = {
  label: { label: "Label", hint: "e.g. Home, Restaurant" },
  line1: { label: "Street address", autoComplete: "address-line1" },
  city: { label: "City", autoComplete: "address-level2" },
  postalCode: {
    label: "Postal code",
    hint: "Like V1Y 2K3",
    idSuffix: "postal",
    autoComplete: "postal-code",
    autoCapitalize: "characters",
    className: "uppercase",
  },
  notes: { label: "Delivery notes (Optional)", hint: "e.g. Side door, ring twice" },
} satisfies Record<TextFieldName, AddressField>;

/**
 * Add or edit one address of the buyer's book (Profile → Address, and "Add an address" at
 * checkout). The handler's schema checks it here too: a Canadian postal code, written "V1Y 2K3".
 */
export function AddressDialog({
  open,
  onOpenChange,
  address,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  address?: AddressJson;
  onSaved?: (saved: AddressJson) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <TitledDialog
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title={address ? "Edit address" : "Add an address"}
      description="Farms deliver to the postal codes of their zones."
      data-testid="address-dialog"
    >
      {/* Mounted with each opening (Radix unmounts closed content), so the form starts from `address`. */}
      <AddressForm
        address={address}
        onBusy={setBusy}
        onSaved={onSaved}
        onClose={() => onOpenChange(false)}
      />
    </TitledDialog>
  );
}

function AddressForm({
  address,
  onBusy,
  onSaved,
  onClose,
}: {
  address?: AddressJson;
  onBusy: (busy: boolean) => void;
  onSaved?: (saved: AddressJson) => void;
  onClose: () => void;
}) {
  const { mutate } = useSWRConfig();
  const form = useZodForm(
    addressSchema,
    address
      ? {
          label: address.label,
          line1: address.line1,
          city: address.city,
          postalCode: address.postalCode,
          notes: address.notes,
          isDefault: address.isDefault,
        }
      : blank,
  );
  const { isSubmitting } = form.formState;
  const [reason, setReason] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setReason(null);
    onBusy(true);
    try {
      const saved = address
        ? await apiFetch<AddressJson>(`/api/addresses/${address.id}`, {
            method: "PATCH",
            json: values,
          })
        : await apiFetch<AddressJson>("/api/addresses", { method: "POST", json: values });
      await mutate(ADDRESSES_KEY);
      toast({
        title: address ? "Address saved" : "Address added",
        description: `${saved.label}: ${saved.line1}, ${saved.city} ${saved.postalCode}`,
      });
      onBusy(false);
      onSaved?.(saved);
      onClose();
    } catch (e) {
      onBusy(false);
      if (!showServerFieldErrors(form, e))
        setReason(messageOf(e, "Could not save the address. Please try again."));
    }
  });

  const id = address ? `addr-${address.id}` : "addr-new";
  const input = (name: TextFieldName) => {
    const { idSuffix = name, ...field }: AddressField = FIELDS[name];
    return <FormInput form={form} name={name} id={`${id}-${idSuffix}`} {...field} />;
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label={address ? "Edit address" : "Add an address"}
    >
      {input("label")}
      {input("line1")}
      <div className="grid gap-4 sm:grid-cols-2">
        {input("city")}
        {input("postalCode")}
      </div>
      {input("notes")}
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-ink">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          {...form.register("isDefault")}
        />
        Use as my default address
      </label>
      {reason ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {reason}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting} data-testid="address-save">
          {isSubmitting ? "Saving..." : "Save address"}
        </Button>
      </div>
    </form>
  );
}
