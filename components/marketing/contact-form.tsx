"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { ApiError, apiFetch } from "@/lib/client/api";
import { showServerFieldErrors } from "@/lib/client/form-errors";
import { contactSchema, type ContactInput } from "@/lib/validators/submissions";

/** The /contact form: posts to /api/contact, which stores the message for the team. */
export function ContactForm() {
  const id = useId();
  const [sent, setSent] = useState(false);
  // Why the last send failed (a 429 "too many submissions" too), shown in the form until the next try.
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, getValues, formState } = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: { fullName: "", email: "", subject: "", message: "" },
  });
  const { errors, isSubmitting } = formState;
  const a11y = (name: keyof ContactInput) => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });

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
      showServerFieldErrors({ setError, getValues }, error);
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
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-fullName`}>Full Name</Label>
          <Input autoComplete="name" {...a11y("fullName")} {...register("fullName")} />
          <FieldError id={`${id}-fullName-error`} message={errors.fullName?.message} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input type="email" autoComplete="email" {...a11y("email")} {...register("email")} />
          <FieldError id={`${id}-email-error`} message={errors.email?.message} />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input {...a11y("subject")} {...register("subject")} />
        <FieldError id={`${id}-subject-error`} message={errors.subject?.message} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea rows={6} {...a11y("message")} {...register("message")} />
        <FieldError id={`${id}-message-error`} message={errors.message?.message} />
      </div>
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
