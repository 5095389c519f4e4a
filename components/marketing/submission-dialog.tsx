"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { SubmitButton } from "@/components/ui/submit-button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { DialogHeading } from "@/components/ui/dialog-heading";
import { FormInput } from "@/components/ui/form-input";
import { FieldError, Label } from "@/components/ui/label";
import { Select, SelectContent, SelectTrigger, SelectValue } from "@/components/ui/select";
import { SelectItems } from "@/components/ui/choice-options";
import { toast } from "@/components/ui/use-toast";
import { ApiError, apiFetch } from "@/lib/client/api";
import { showServerFieldErrors } from "@/lib/client/form-errors";
import {
  demoRequestSchema,
  roleOptions,
  waitlistSchema,
  type WaitlistInput,
} from "@/lib/validators/submissions";
import { personInputs } from "./person-inputs";

export type SubmissionKind = "waitlist" | "demo";

type Values = {
  fullName: string;
  email: string;
  companyName: string;
  role: string;
  phoneNumber?: string;
};
type Answer = { success?: boolean; message?: string; googleSheetsSuccess?: boolean };

/** docs/product.md: the success panel stays 4 s, then the form resets and the dialog closes. */
const SUCCESS_CLOSE_MS = 4000;
const FALLBACK = "Please try again later or contact support.";

const copy = {
  waitlist: {
    title: "Join the Fieldfare waitlist",
    description: "Be first to order from Okanagan farms when we open in your area.",
    submit: "Join Waitlist",
    endpoint: "/api/waitlist",
    toastTitle: "Thanks for joining our waitlist!",
    toastText: "We'll be in touch soon with more information.",
    thanksTitle: "You're on the list!",
    thanksText: "Thank you for joining. We'll email you as soon as Fieldfare opens for you.",
  },
  demo: {
    title: "Book a demo",
    description: "See how Fieldfare works for your farm or kitchen in a 30-minute call.",
    submit: "Request Demo",
    endpoint: "/api/demo-requests",
    toastTitle: "Request received!",
    toastText: "We'll review your submission and send you a calendar invite if selected.",
    thanksTitle: "Thank you for your request!",
    thanksText: "We'll review your submission and send you a calendar invite if selected.",
  },
} as const;

// Each form's text inputs, in order; the role select follows them.
const waitlistInputs = [
  ...personInputs,
  { name: "companyName", label: "Company Name", autoComplete: "organization" },
] as const;
const inputs = {
  waitlist: waitlistInputs,
  demo: [
    ...waitlistInputs,
    { name: "phoneNumber", label: "Phone Number", type: "tel", autoComplete: "tel" },
  ],
} as const;

function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage || FALLBACK;
  if (error instanceof Error && error.message) return error.message;
  return FALLBACK;
}

export default function SubmissionDialog({
  kind,
  defaultRole,
  open,
  onOpenChange,
}: {
  kind: SubmissionKind;
  defaultRole?: WaitlistInput["role"];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const text = copy[kind];
  const id = useId();
  const [done, setDone] = useState<null | { sheetsOk: boolean }>(null);
  // Why the last submit failed (a 429 "too many submissions" too), shown in the form until the next try.
  const [failure, setFailure] = useState<string | null>(null);
  const [defaults] = useState<Values>(() => ({
    fullName: "",
    email: "",
    companyName: "",
    role: defaultRole ?? "",
    ...(kind === "demo" ? { phoneNumber: "" } : {}),
  }));
  const form = useForm<Values>({
    resolver: zodResolver(
      kind === "demo" ? demoRequestSchema : waitlistSchema,
    ) as unknown as Resolver<Values>,
    defaultValues: defaults,
    mode: "onSubmit",
  });
  const { handleSubmit, control, reset, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (!done) return;
    const t = window.setTimeout(() => {
      reset(defaults);
      setDone(null);
      onOpenChange(false);
    }, SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(t);
  }, [done, reset, defaults, onOpenChange]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await apiFetch<Answer>(text.endpoint, { method: "POST", json: values });
      // docs/product.md: an unsuccessful answer throws its message or "Failed to submit form".
      if (!answer?.success) throw new Error(answer?.message || "Failed to submit form");
      setDone({ sheetsOk: answer.googleSheetsSuccess !== false });
      toast({ title: text.toastTitle, description: text.toastText });
    } catch (error) {
      showServerFieldErrors(form, error);
      // The form keeps every value typed so nothing is lost, and says why in the form itself.
      setFailure(failureText(error));
      toast({
        variant: "destructive",
        title: "Something went wrong",
        description: failureText(error),
        duration: 5000,
      });
    }
  });

  const roleField = {
    id: `${id}-role`,
    "aria-invalid": errors.role ? true : undefined,
    "aria-describedby": errors.role ? `${id}-role-error` : undefined,
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid={`${kind}-dialog`}>
        {done ? (
          <div role="status" className="grid justify-items-center gap-3 py-6 text-center">
            <CheckCircle2 aria-hidden className="h-14 w-14 text-brand-600" />
            <DialogTitle>{text.thanksTitle}</DialogTitle>
            <DialogDescription>{text.thanksText}</DialogDescription>
            {!done.sheetsOk ? (
              <p className="rounded-lg bg-harvest-400/20 px-3 py-2 text-sm text-ink">
                Note: an external system we use had an issue, but your information was saved and our
                team will receive it shortly.
              </p>
            ) : null}
          </div>
        ) : (
          <>
            <DialogHeading title={text.title} description={text.description} />
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              {inputs[kind].map(({ name, ...input }) => (
                <FormInput key={name} form={form} name={name} id={`${id}-${name}`} {...input} />
              ))}
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-role`}>Role</Label>
                <Controller
                  control={control}
                  name="role"
                  render={({ field: f }) => (
                    <Select value={f.value} onValueChange={f.onChange} name={f.name}>
                      <SelectTrigger ref={f.ref} onBlur={f.onBlur} {...roleField}>
                        <SelectValue placeholder="Select your role" />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItems choices={roleOptions} />
                      </SelectContent>
                    </Select>
                  )}
                />
                <FieldError id={`${id}-role-error`} message={errors.role?.message} />
              </div>
              {failure ? (
                <p
                  role="alert"
                  data-testid="submission-error"
                  className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700"
                >
                  {failure}
                </p>
              ) : null}
              <SubmitButton size="lg" busy={isSubmitting} busyLabel="Submitting...">
                {text.submit}
              </SubmitButton>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
