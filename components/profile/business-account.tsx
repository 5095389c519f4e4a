"use client";
import { useState } from "react";
import { BadgeCheck, Clock, XCircle } from "lucide-react";
import { useZodForm } from "@/components/ui/use-zod-form";
import { Button } from "@/components/ui/button";
import { FormInput } from "@/components/ui/form-input";
import { toast } from "@/components/ui/use-toast";
import { apiFetch } from "@/lib/client/api";
import type { BusinessAccountJson } from "@/lib/contracts/business";
import { businessAccountSchema } from "@/lib/validators/business";
import { ProfileSubpage } from "./profile-subpage";
import { SignedInRead } from "./signed-in-read";
import { useBusinessAccount } from "@/lib/client/resources";
import { handleApiSubmit } from "@/components/ui/api-form";

const STATUS = {
  pending: {
    Icon: Clock,
    title: "Application received",
    text: "We are checking your business details and will switch your account over within one working day.",
    tone: "border-amber-200 bg-amber-50 text-amber-950",
  },
  approved: {
    Icon: BadgeCheck,
    title: "Business account active",
    text: "You see restaurant prices and can buy by the case.",
    tone: "border-brand-200 bg-brand-50 text-brand-900",
  },
  rejected: {
    Icon: XCircle,
    title: "Application not approved",
    text: "We could not confirm these details. Check them and apply again.",
    tone: "border-red-200 bg-red-50 text-red-900",
  },
} as const;

/** Profile → Business account, filled from /api in the browser (the application, if any, and the user's kind of account). */
export function BusinessAccountPage() {
  const read = useBusinessAccount();
  return (
    <ProfileSubpage
      title="Business account"
      description="Buy for your restaurant: restaurant prices, cases, standing orders and paying on account."
    >
      <SignedInRead
        read={read}
        failed="Failed to load your business account"
        loading="Loading your business account..."
      >
        {(application, user) => (
          <BusinessAccountView application={application} userType={user.userType} />
        )}
      </SignedInRead>
    </ProfileSubpage>
  );
}

/** Profile → Business account: the application's status, and the form when the buyer may apply (docs/restaurants.md). */
export function BusinessAccountView({
  application,
  userType,
}: {
  application: BusinessAccountJson | null;
  userType: string;
}) {
  const [current, setCurrent] = useState(application);
  const canApply = userType === "user" && (!current || current.status === "rejected");
  if (userType === "farmer")
    return (
      <p className="rounded-2xl border border-gray-200 bg-white p-5 text-sm text-muted">
        Farm accounts sell on Fieldfare: a business account is for buyers.
      </p>
    );

  if (userType === "restaurant" && !current)
    return (
      <p className="rounded-2xl border border-brand-200 bg-brand-50 p-5 text-sm text-brand-900">
        Your account is a business account: you see restaurant prices and can buy by the case.
      </p>
    );

  return (
    <div className="grid gap-6">
      {current ? <StatusCard application={current} /> : null}
      {canApply ? <ApplyForm previous={current} onApplied={setCurrent} /> : null}
    </div>
  );
}

function StatusCard({ application }: { application: BusinessAccountJson }) {
  const { Icon, title, text, tone } = STATUS[application.status];
  return (
    <section
      aria-labelledby="business-status"
      className={`rounded-2xl border p-5 ${tone}`}
      data-testid="business-status"
      data-status={application.status}
    >
      <h2 id="business-status" className="flex items-center gap-2 text-lg font-semibold">
        <Icon aria-hidden className="h-5 w-5" /> {title}
      </h2>
      <p className="mt-1 text-sm">{text}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Company</dt>
        <dd>{application.companyName}</dd>
        <dt className="font-medium">Business number</dt>
        <dd>{application.businessNumber}</dd>
        <dt className="font-medium">Address</dt>
        <dd>
          {application.address}, {application.postalCode}
        </dd>
      </dl>
    </section>
  );
}

function ApplyForm({
  previous,
  onApplied,
}: {
  previous: BusinessAccountJson | null;
  onApplied: (a: BusinessAccountJson) => void;
}) {
  const form = useZodForm(businessAccountSchema, {
    companyName: previous?.companyName ?? "",
    businessNumber: previous?.businessNumber ?? "",
    address: previous?.address ?? "",
    postalCode: previous?.postalCode ?? "",
  });
  const { isSubmitting } = form.formState;

  const onSubmit = handleApiSubmit(
    form,
    async (values) => {
      const saved = await apiFetch<BusinessAccountJson>("/api/business-account", {
        method: "POST",
        json: values,
      });
      onApplied(saved);
      toast({
        title: "Application sent",
        description: "We will switch your account over once your details are checked.",
      });
    },
    "Could not send the application",
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Apply for a business account"
      className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-5"
    >
      <FormInput
        form={form}
        name="companyName"
        id="business-company"
        label="Company name"
        autoComplete="organization"
      />
      <FormInput
        form={form}
        name="businessNumber"
        id="business-number"
        label="Business number"
        hint="Your 9-digit CRA business number, e.g. 123456789 RT0001"
        inputMode="text"
        autoCapitalize="characters"
      />
      <FormInput
        form={form}
        name="address"
        id="business-address"
        label="Business address"
        autoComplete="address-line1"
      />
      <FormInput
        form={form}
        name="postalCode"
        id="business-postal"
        label="Postal code"
        autoComplete="postal-code"
        autoCapitalize="characters"
        className="max-w-40"
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Sending..." : "Apply"}
        </Button>
      </div>
    </form>
  );
}
