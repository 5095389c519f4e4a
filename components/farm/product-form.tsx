"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useZodForm } from "@/components/ui/use-zod-form";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import {
  IMAGE_ACCEPT,
  MAX_CASE_SIZE,
  MAX_IMAGE_BYTES,
  MAX_PRICE,
  MAX_STOCK,
  productSchema,
} from "@/lib/validators/farm";
import type { MyProductJson } from "@/lib/contracts/farm";
import { Field } from "@/components/ui/field";
import { NativeOptions } from "@/components/ui/choice-options";
import { SubmitButton } from "@/components/ui/submit-button";
import { cn } from "@/lib/cn";
import { inputClass } from "@/components/ui/input";
import { FormInput } from "@/components/ui/form-input";
import { YouReceive } from "./you-receive";
import { downscaleImage } from "./downscale-image";
import { handleApiSubmit } from "@/components/ui/api-form";
import { DescriptionField } from "./description-field";

/** An optional number: an empty input or select means none. */
function emptyAsNull(v: unknown): number | null {
  return v === "" || v === null || v === undefined ? null : Number(v);
}

/**
 * The number inputs' attributes and how the form reads them: a price in dollars and cents, one
 * that may be left empty, or whole units between two bounds.
 */
const money = {
  type: "number",
  inputMode: "decimal",
  min: 0.01,
  max: MAX_PRICE,
  step: 0.01,
} as const;
const price = { ...money, rules: { valueAsNumber: true } } as const;
const optionalPrice = { ...money, rules: { setValueAs: emptyAsNull } } as const;
function count(min: number, max: number) {
  const rules = { valueAsNumber: true } as const;
  return { type: "number", inputMode: "numeric", min, max, step: 1, rules } as const;
}

// The inputs beside each other under the description, then the restaurant ones, in order.
const MAIN_INPUTS = [
  { name: "price", id: "product-price", label: "Price (USD)", ...price },
  { name: "unit", id: "product-unit", label: "Unit", hint: "e.g. lb, dozen, bunch" },
  { name: "stock", id: "product-stock", label: "Stock", ...count(0, MAX_STOCK) },
] as const;
const RESTAURANT_INPUTS = [
  {
    name: "restaurantPrice",
    id: "product-restaurant-price",
    label: "Restaurant price (USD, optional)",
    hint: "Per unit; empty: restaurants pay the price above",
    ...optionalPrice,
  },
  {
    name: "caseSize",
    id: "product-case-size",
    label: "Case size",
    hint: "Restaurants buy in multiples of this many units",
    ...count(1, MAX_CASE_SIZE),
  },
] as const;

type Props = { categories: { id: number; name: string }[]; product?: MyProductJson };

/**
 * Add or edit a product; the same zod schema validates here and in the handler. Adding takes a
 * photo too (downscaled in the browser, ./downscale-image.ts), sent once the product exists;
 * editing changes the photo on its own form beside this one.
 */
export function ProductForm({ categories, product }: Props) {
  const router = useRouter();
  const form = useZodForm(
    productSchema,
    product
      ? {
          name: product.name,
          description: product.description,
          price: product.price,
          restaurantPrice: product.restaurantPrice,
          caseSize: product.caseSize,
          unit: product.unit,
          stock: product.stock,
          categoryId: product.categoryId,
          isFeatured: product.isFeatured,
        }
      : {
          name: "",
          description: "",
          price: undefined,
          restaurantPrice: null,
          caseSize: 1,
          unit: "",
          stock: 0,
          categoryId: null,
          isFeatured: false,
        },
  );
  const { errors, isSubmitting } = form.formState;
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);

  async function pickPhoto(picked: File | undefined) {
    setPhotoError(null);
    setPhoto(null);
    if (!picked) return;
    const file = await downscaleImage(picked, MAX_IMAGE_BYTES);
    if (file.size > MAX_IMAGE_BYTES) {
      setPhotoError(`The image is too large (${MAX_IMAGE_BYTES / 1024 / 1024} MB at most)`);
      return;
    }
    setPhoto(file);
  }

  const onSubmit = handleApiSubmit(
    form,
    async (values) => {
      if (product) {
        await apiFetch(`/api/my-farm/products/${product.id}`, { method: "PATCH", json: values });
        toast({ title: "Product saved", description: `${values.name} has been updated.` });
      } else {
        const created = await apiFetch<MyProductJson>("/api/my-farm/products", {
          method: "POST",
          json: values,
        });
        let photoSaved = true;
        if (photo) {
          const body = new FormData();
          body.set("image", photo);
          try {
            await apiFetch(`/api/my-farm/products/${created.id}/image`, { method: "POST", body });
          } catch {
            photoSaved = false;
          }
        }
        toast({
          title: "Product added",
          description: photoSaved
            ? `${values.name} is now listed in the catalog.`
            : `${values.name} is listed, but its photo was not saved: add it from Edit.`,
        });
      }
      router.push("/my-farm/products");
      router.refresh();
    },
    "Could not save the product",
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid max-w-2xl gap-4"
      aria-label={product ? `Edit ${product.name}` : "Add a product"}
    >
      <FormInput form={form} name="name" id="product-name" label="Product name" />
      <DescriptionField form={form} id="product-description" rows={4} />
      <div className="grid gap-4 sm:grid-cols-3">
        {MAIN_INPUTS.map((input) => (
          <FormInput key={input.name} form={form} {...input} />
        ))}
      </div>
      <YouReceive id="product-price-net" control={form.control} />
      <fieldset className="grid gap-4 rounded-2xl border border-gray-200 p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-ink">For restaurants</legend>
        {RESTAURANT_INPUTS.map((input) => (
          <FormInput key={input.name} form={form} {...input} />
        ))}
      </fieldset>
      <Field id="product-category" label="Category" error={errors.categoryId?.message}>
        <select
          id="product-category"
          className={cn(inputClass, "h-11")}
          {...form.register("categoryId", { setValueAs: emptyAsNull })}
        >
          <option value="">No category</option>
          <NativeOptions choices={categories.map((c) => ({ value: c.id, label: c.name }))} />
        </select>
      </Field>
      <label
        htmlFor="product-featured"
        className="flex min-h-11 items-center gap-3 text-sm font-medium text-ink"
      >
        <input
          id="product-featured"
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          {...form.register("isFeatured")}
        />
        Featured (shown in This Week&apos;s Harvest)
      </label>
      {product ? null : (
        <Field
          id="product-photo"
          label="Photo (optional)"
          hint="Take one with your phone or choose a picture: it is made smaller before it is sent."
          error={photoError ?? undefined}
        >
          <input
            id="product-photo"
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={(e) => void pickPhoto(e.target.files?.[0])}
            className="text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-4 file:font-medium file:text-ink"
          />
        </Field>
      )}
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={isSubmitting} busyLabel="Saving...">
          {product ? "Save changes" : "Add product"}
        </SubmitButton>
        <Button type="button" variant="outline" onClick={() => router.push("/my-farm/products")}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
