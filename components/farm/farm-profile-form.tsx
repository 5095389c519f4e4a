"use client";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, messageOf } from "@/lib/client/api";
import { showServerFieldErrors } from "@/lib/client/form-errors";
import { farmProfileSchema, type FarmProfileInput } from "@/lib/validators/farm";
import type { MyFarmJson } from "@/lib/contracts/farm";
import { Field } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { Input, inputClass } from "@/components/ui/input";

export function FarmProfileForm({ farm }: { farm: MyFarmJson }) {
  const router = useRouter();
  const form = useForm<FarmProfileInput>({
    resolver: zodResolver(farmProfileSchema),
    defaultValues: {
      farmName: farm.farmName,
      description: farm.description,
      location: farm.location,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apiFetch("/api/my-farm", { method: "PATCH", json: values });
      toast({
        title: "Farm profile saved",
        description: "Your public farm page shows the new details.",
      });
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
      <Field id="farm-name" label="Farm name" error={errors.farmName?.message}>
        <Input id="farm-name" {...form.register("farmName")} />
      </Field>
      <Field
        id="farm-location"
        label="Location"
        hint="Shown to buyers on your farm page and in chats"
        error={errors.location?.message}
      >
        <Input id="farm-location" {...form.register("location")} />
      </Field>
      <Field
        id="farm-description"
        label="Description (Optional)"
        error={errors.description?.message}
      >
        <textarea
          id="farm-description"
          rows={5}
          className={cn(inputClass, "py-2")}
          {...form.register("description")}
        />
      </Field>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save profile"}
        </Button>
      </div>
    </form>
  );
}
