"use client";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormInput } from "@/components/ui/form-input";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/components/ui/use-zod-form";
import { toast } from "@/components/ui/use-toast";
import { ApiError, apiFetch } from "@/lib/client/api";
import { showServerFieldErrors } from "@/lib/client/form-errors";
import { contactSchema } from "@/lib/validators/submissions";
import { personInputs } from "./person-inputs";

/** The /contact form: posts to /api/contact, which stores the message for the team. */
export function ContactForm() {
  const id = useId();
  const [sent, setSent] = useState(false);
  // Why the last send failed (a 429 "too many submissions" too), shown in the form until the next try.
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(contactSchema, { fullName: "", email: "", subject: "", message: "" });
  const { handleSubmit, reset, formState } = form;
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await apiFetch("/api/contact", { method: "POST", json: values });
      reset();
      setSent(true);
      toast({
        title: "Message sent",
        description: "Thanks for getting in touch. We reply within one business day.",
      });
    } catch (error) {
      showServerFieldErrors(form, error);
      // Nothing typed is lost: the fields keep their values, and the form says why.
      const why =
        (error instanceof ApiError && error.serverMessage) ||
        "Please try again later or contact support.";
      setFailure(why);
      setSent(false);
      toast({ variant: "destructive", title: "Something went wrong", description: why });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Contact form">
      {sent ? (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 font-medium text-brand-900">
          Thanks — your message is with our team. We reply within one business day.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {personInputs.map(({ name, ...input }) => (
          <FormInput key={name} form={form} name={name} id={`${id}-${name}`} {...input} />
        ))}
      </div>
      <FormInput form={form} name="subject" id={`${id}-subject`} label="Subject" />
      <Field id={`${id}-message`} label="Message" error={errors.message?.message}>
        <Textarea id={`${id}-message`} rows={6} {...form.register("message")} />
      </Field>
      {failure ? (
        <p
          role="alert"
          data-testid="contact-error"
          className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
        >
          {failure}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
