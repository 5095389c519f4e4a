"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { useZodForm } from "@/components/ui/use-zod-form";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { showServerFieldErrors } from "@/lib/client/form-errors";
import { farmProfileSchema } from "@/lib/validators/farm";
import type { MyFarmJson } from "@/lib/contracts/farm";
import { WEEKDAY_CHOICES } from "./fulfilment-model";
import { MY_FARM_KEY } from "./my-farm-frame";
import { Field } from "@/components/ui/field";
import { FormInput } from "@/components/ui/form-input";
import { inputClass } from "@/components/ui/input";
import { NativeOptions } from "@/components/ui/choice-options";
import { DescriptionField } from "./description-field";

/** The fresh-sheet email's hours, on the hour. */
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${h}:00` }));

export function FarmProfileForm({ farm }: { farm: MyFarmJson }) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const form = useZodForm(farmProfileSchema, {
    farmName: farm.farmName,
    description: farm.description,
    location: farm.location,
    gstNumber: farm.gstNumber ?? "",
    smallSupplier: farm.smallSupplier,
    pstNumber: farm.pstNumber ?? "",
  });
  const { errors, isSubmitting } = form.formState;
  // The fresh-sheet email's day ("" = not sent) and hour, sent beside the form's values.
  const [sheetDay, setSheetDay] = useState(farm.freshSheet ? String(farm.freshSheet.weekday) : "");
  const [sheetHour, setSheetHour] = useState(String(farm.freshSheet?.hour ?? 7));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await apiFetch<MyFarmJson>("/api/my-farm", {
        method: "PATCH",
        json: {
          ...values,
          freshSheet:
            sheetDay === "" ? null : { weekday: Number(sheetDay), hour: Number(sheetHour) },
        },
      });
      toast({
        title: "Farm profile saved",
        description: "Your public farm page shows the new details.",
      });
      // The frame's heading shows the farm's name; the server-rendered parts refresh.
      void mutate(MY_FARM_KEY, saved, { revalidate: false });
      router.refresh();
    } catch (e) {
      showServerFieldErrors(form, e);
      toast({
        title: "Could not save the farm profile",
        description: messageOf(e, "Please try again."),
        variant: "destructive",
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-2xl gap-4" aria-label="Farm profile">
      <FormInput form={form} name="farmName" id="farm-name" label="Farm name" />
      <FormInput
        form={form}
        name="location"
        id="farm-location"
        label="Location"
        hint="Shown to buyers on your farm page and in chats"
      />
      <DescriptionField form={form} id="farm-description" rows={5} />
      <fieldset className="grid gap-4 rounded-xl border border-gray-200 p-4">
        <legend className="px-1 font-semibold text-ink">Taxes</legend>
        <p className="text-sm text-muted">
          Registered farms charge GST on taxable goods (beer, wine, cider and other non-grocery
          products); PST applies to liquor with a PST number. Receipts and statements show your
          numbers.
        </p>
        <FormInput
          form={form}
          name="gstNumber"
          id="farm-gst"
          label="GST/HST registration number (Optional)"
          hint="9 digits, RT and 4 digits, like 123456789 RT0001"
          autoComplete="off"
        />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-700"
            aria-describedby={errors.smallSupplier ? "farm-small-supplier-error" : undefined}
            {...form.register("smallSupplier")}
          />
          Small supplier (under $30,000 a year, not registered: no GST charged)
        </label>
        {errors.smallSupplier ? (
          <p id="farm-small-supplier-error" role="alert" className="text-sm text-red-700">
            {errors.smallSupplier.message}
          </p>
        ) : null}
        <FormInput
          form={form}
          name="pstNumber"
          id="farm-pst"
          label="BC PST number (Optional)"
          hint="Like PST-1234-5678; needed to charge PST on liquor"
          autoComplete="off"
        />
      </fieldset>
      <fieldset className="grid gap-4 rounded-xl border border-gray-200 p-4">
        <legend className="px-1 font-semibold text-ink">Fresh sheet email</legend>
        <p className="text-sm text-muted">
          Once a week your followers and restaurant customers get an email listing what you have
          available, at their prices, with links to add it to their cart or standing order. The time
          is in your farm&apos;s time zone.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="farm-sheet-day" label="Day">
            <select
              id="farm-sheet-day"
              className={inputClass}
              value={sheetDay}
              onChange={(e) => setSheetDay(e.target.value)}
            >
              <option value="">Not sent</option>
              <NativeOptions choices={WEEKDAY_CHOICES} />
            </select>
          </Field>
          <Field id="farm-sheet-hour" label="Time">
            <select
              id="farm-sheet-hour"
              className={inputClass}
              value={sheetHour}
              disabled={sheetDay === ""}
              onChange={(e) => setSheetHour(e.target.value)}
            >
              <NativeOptions choices={HOURS} />
            </select>
          </Field>
        </div>
        <FreshSheetTryOut farmId={farm.id} />
      </fieldset>
      <div>
        <SubmitButton busy={isSubmitting} busyLabel="Saving...">
          Save profile
        </SubmitButton>
      </div>
    </form>
  );
}

/** "Preview" (the sheet's page, as followers see it) and "Send me a test" (to the farmer's own email). */
function FreshSheetTryOut({ farmId }: { farmId: number }) {
  const [sending, setSending] = useState(false);
  const sendTest = async () => {
    setSending(true);
    try {
      const { sentTo } = await apiFetch<{ sentTo: string }>("/api/my-farm/fresh-sheet/test", {
        method: "POST",
      });
      toast({ title: "Test sent", description: `This week's sheet is on its way to ${sentTo}.` });
    } catch (e) {
      toast({
        title: "Could not send the test",
        description: messageOf(e, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline">
        <a href={`/farms/${farmId}/fresh-sheet`} target="_blank" rel="noopener">
          Preview
        </a>
      </Button>
      <Button type="button" variant="outline" onClick={sendTest} disabled={sending}>
        {sending ? "Sending..." : "Send me a test"}
      </Button>
    </div>
  );
}
