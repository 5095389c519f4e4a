"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useZodForm } from "@/components/ui/use-zod-form";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormInput, NewPasswordFields, NO_NEW_PASSWORD } from "@/components/ui/form-input";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { apiFetch, hasCode } from "@/lib/client/api";
import { showServerFieldErrors } from "@/lib/client/form-errors";
import { forgotPasswordSchema, strongPasswordFields } from "@/lib/validators/account-security";
import { passwordMismatch, passwordsMatch } from "@/lib/validators/auth";
import { z } from "zod";

/** The forms behind the emailed links (docs/accounts.md): forgot, reset, verify. */

export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordSchema, { email: "" });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await apiFetch<{ message: string }>("/api/password/forgot", {
        method: "POST",
        json: values,
      });
      setSent(answer.message);
    } catch (e) {
      toastFailure("Could not send the link", e, "Please try again later.");
    }
  });
  if (sent)
    return (
      <div role="status" className="grid gap-4 text-center">
        <p>{sent}</p>
        <p className="text-sm text-muted">The link works once, for 30 minutes.</p>
        <Link href="/auth" className="font-semibold text-brand-800 hover:underline">
          Back to sign in
        </Link>
      </div>
    );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reset your password">
      <p className="text-sm text-muted">
        Enter the email address of your account and we will send you a link to choose a new
        password.
      </p>
      <FormInput
        form={form}
        name="email"
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
      />
      <SubmitButton size="lg" className="w-full" busy={isSubmitting} busyLabel="Sending...">
        Send the link
      </SubmitButton>
      <Link
        href="/auth"
        className="text-center text-sm font-semibold text-brand-800 hover:underline"
      >
        Back to sign in
      </Link>
    </form>
  );
}

const resetFormSchema = z.object(strongPasswordFields).refine(passwordsMatch, passwordMismatch);

export function ResetPasswordForm() {
  const token = useSearchParams().get("token") ?? "";
  const router = useRouter();
  const [expired, setExpired] = useState(false);
  const form = useZodForm(resetFormSchema, NO_NEW_PASSWORD);
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await apiFetch<{ twoStep?: true }>("/api/password/reset", {
        method: "POST",
        json: { token, ...values },
      });
      if (answer.twoStep) {
        toast({ title: "Password changed", description: "Enter a code to sign in." });
        return router.push("/auth?twoStep=1");
      }
      toast({
        title: "Password changed",
        description: "You are signed in. Other devices were signed out.",
      });
      router.push("/home");
      router.refresh();
    } catch (e) {
      if (hasCode(e, "link_expired")) return setExpired(true);
      showServerFieldErrors(form, e);
      toastFailure("Could not change the password", e, "Please try again later.");
    }
  });
  if (expired || !token)
    return (
      <div role="alert" className="grid gap-4 text-center">
        <p>This link has expired or was used already.</p>
        <Link href="/auth/forgot" className="font-semibold text-brand-800 hover:underline">
          Ask for a new link
        </Link>
      </div>
    );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Choose a new password">
      <NewPasswordFields form={form} idPrefix="reset" />
      <SubmitButton size="lg" className="w-full" busy={isSubmitting} busyLabel="Saving...">
        Save the new password
      </SubmitButton>
    </form>
  );
}

/** A button, not an automatic request: mail scanners that open links do not use them up. */
export function VerifyEmailButton() {
  const token = useSearchParams().get("token") ?? "";
  const [state, setState] = useState<"idle" | "busy" | "done" | "expired">(
    token ? "idle" : "expired",
  );
  async function confirm() {
    setState("busy");
    try {
      await apiFetch("/api/email/verify", { method: "POST", json: { token } });
      setState("done");
    } catch (e) {
      if (hasCode(e, "link_expired")) return setState("expired");
      setState("idle");
      toastFailure("Could not confirm your email", e, "Please try again later.");
    }
  }
  if (state === "done")
    return (
      <div role="status" className="grid gap-4 text-center">
        <p>Your email address is confirmed. Thank you!</p>
        <Link href="/home" className="font-semibold text-brand-800 hover:underline">
          Go to Fieldfare
        </Link>
      </div>
    );
  if (state === "expired")
    return (
      <div role="alert" className="grid gap-4 text-center">
        <p>This link has expired or was used already.</p>
        <p className="text-sm text-muted">
          Sign in and choose “Resend” on the banner for a new one.
        </p>
        <Link href="/home" className="font-semibold text-brand-800 hover:underline">
          Go to Fieldfare
        </Link>
      </div>
    );
  return (
    <div className="grid gap-4 text-center">
      <p>Confirm that this is your email address.</p>
      <Button size="lg" onClick={() => void confirm()} disabled={state === "busy"}>
        {state === "busy" ? "Confirming..." : "Confirm my email"}
      </Button>
    </div>
  );
}
